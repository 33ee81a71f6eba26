/**
 * A stand-in for `convex/react` and the session hooks in component tests. Tests set query results
 * and action mocks by function name ("serverControl:toggles"). `import "@/test/mock-backend-modules"`
 * puts these in place of the real modules.
 */
import { getFunctionName, type FunctionReference } from "convex/server";
import { vi, type Mock } from "vitest";

export const TEST_SESSION_ID = "00000000-0000-4000-8000-000000000001";

interface Paginated {
  results: unknown[];
  status: "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";
  loadMore: Mock;
}

export const mockBackend = {
  auth: { isLoading: false, isAuthenticated: false },
  /** Query results by name; an Error is thrown from useQuery like Convex does. */
  queries: {} as Record<string, unknown>,
  /** Action mocks by name; created on first use, resolving to `{ output: "" }` (no success toast). */
  actions: {} as Record<string, Mock>,
  mutation: vi.fn().mockResolvedValue(null) as Mock,
  paginated: {} as Record<string, Paginated | Error>,
  /** The arguments each paginated query was last rendered with, and each imperative query call. */
  paginatedArgs: {} as Record<string, unknown>,
  queryCalls: [] as { name: string; args: unknown }[],
  action(name: string): Mock {
    this.actions[name] ??= vi.fn().mockResolvedValue({ output: "" });
    return this.actions[name];
  },
  reset() {
    this.auth = { isLoading: false, isAuthenticated: false };
    this.queries = {};
    this.actions = {};
    this.paginated = {};
    this.paginatedArgs = {};
    this.queryCalls = [];
    this.mutation = vi.fn().mockResolvedValue(null);
  },
};

type AnyRef = FunctionReference<"query" | "mutation" | "action">;

export const convexReactMock = {
  useQuery: (ref: AnyRef, args?: unknown) => {
    if (args === "skip") return undefined;
    const value = mockBackend.queries[getFunctionName(ref)];
    if (value instanceof Error) throw value;
    return value;
  },
  useAction: (ref: AnyRef) => mockBackend.action(getFunctionName(ref)),
  useMutation: () => mockBackend.mutation,
  useConvexAuth: () => mockBackend.auth,
  /** Imperative queries (CSV export) read the same results as useQuery. */
  useConvex: () => ({
    query: async (ref: AnyRef, args?: unknown) => {
      mockBackend.queryCalls.push({ name: getFunctionName(ref), args });
      return mockBackend.queries[getFunctionName(ref)];
    },
  }),
  usePaginatedQuery: (ref: AnyRef, args: unknown) => {
    if (args === "skip") return { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
    mockBackend.paginatedArgs[getFunctionName(ref)] = args;
    const value = mockBackend.paginated[getFunctionName(ref)];
    if (value instanceof Error) throw value;
    return value ?? { results: [], status: "LoadingFirstPage", loadMore: vi.fn() };
  },
};

export const sessionsMock = {
  useSessionId: () => [TEST_SESSION_ID, () => undefined, Promise.resolve(TEST_SESSION_ID)],
};
