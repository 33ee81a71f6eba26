import { Navigate, useParams } from "react-router-dom";
import { isTabId } from "./panel/tab-rules";
import { NotFoundPage } from "./route-error";

/** `/players`, `/dashboard`, … → `/?tab=…`; anything else is a 404. */
export function TabRedirect() {
  const { tab } = useParams();
  if (!isTabId(tab)) return <NotFoundPage />;
  return <Navigate to={`/?tab=${tab}`} replace />;
}
