import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@/lib/backend";

export type CupView = NonNullable<FunctionReturnType<typeof api.cups.bracket>>;
export type CupMatchView = CupView["matches"][number];

/** A cup's whole public view, one subscription for the page: undefined loading, null unknown. */
export function useCup(slug: string) {
  return useQuery(api.cups.bracket, { slug });
}

export type CupListItem = FunctionReturnType<typeof api.cups.list>[number];

/** Cups not archived, newest first (one small public subscription). */
export function useCups() {
  return useQuery(api.cups.list);
}
