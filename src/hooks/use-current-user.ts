import { useConvexAuth, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";

export type CurrentUser = NonNullable<FunctionReturnType<typeof api.users.me>>;

export interface CurrentUserState {
  /** True until the provider and Convex agree on who is signed in. */
  isLoading: boolean;
  isSignedIn: boolean;
  user: CurrentUser | null;
  isAdmin: boolean;
  /** An admin-granted moderator (not an admin). */
  isModerator: boolean;
}

/** Who is using the panel, as Convex sees it (roles come only from the backend). */
export function useCurrentUser(): CurrentUserState {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const me = useQuery(api.users.me, isAuthenticated ? {} : "skip");
  return {
    isLoading: isLoading || (isAuthenticated && me === undefined),
    isSignedIn: isAuthenticated,
    user: isAuthenticated ? (me ?? null) : null,
    isAdmin: isAuthenticated && (me?.isAdmin ?? false),
    isModerator: isAuthenticated && (me?.isModerator ?? false),
  };
}
