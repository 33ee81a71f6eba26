import { useParams } from "react-router-dom";
import { ConnectPage } from "@/features/connect/components/connect-page";

/** `/connect/:key`: the connect page of the server with that key. */
export function ConnectKeyRoute() {
  const { key = "" } = useParams();
  return <ConnectPage mode={{ kind: "key", key }} />;
}
