/**
 * Pages of an index for public functions. A page size or a cursor comes from the caller, so a bad
 * one (`numItems: -1`, `cursor: "garbage"`, a cursor of another list) is an expected refusal with a
 * Ukrainian message, never a raw error; a size above the list's maximum is clamped.
 */
import type {
  DocumentByInfo,
  GenericTableInfo,
  OrderedQuery,
  PaginationOptions,
  PaginationResult,
} from "convex/server";
import { ConvexError } from "convex/values";
import { fail } from "./errors";
import { REQUEST_TEXTS } from "./texts/request";

export const PAGINATION_MESSAGES = {
  badSize: REQUEST_TEXTS["refusal.request.badPageSize"],
  badCursor: REQUEST_TEXTS["refusal.request.badCursor"],
} as const;

/** The page size to read: a whole number from 1, at most `max`. */
export function pageSize(numItems: number, max: number): number {
  if (!Number.isInteger(numItems) || numItems < 1) {
    fail("INVALID_INPUT", PAGINATION_MESSAGES.badSize);
  }
  return Math.min(numItems, max);
}

export async function paginateSafely<T extends GenericTableInfo>(
  query: OrderedQuery<T>,
  opts: PaginationOptions,
  max: number,
): Promise<PaginationResult<DocumentByInfo<T>>> {
  const numItems = pageSize(opts.numItems, max);
  try {
    return await query.paginate({ ...opts, numItems });
  } catch (error) {
    // Only a cursor from outside can make a read of a valid index fail.
    if (opts.cursor !== null && !(error instanceof ConvexError)) {
      fail("INVALID_INPUT", PAGINATION_MESSAGES.badCursor);
    }
    throw error;
  }
}
