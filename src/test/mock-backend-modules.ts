/**
 * Import first in a component test to run it against {@link mockBackend}: swaps `convex/react` and
 * the session hooks for the stand-ins in `./mock-convex`, and `react-hot-toast` for spies.
 *
 *   import "@/test/mock-backend-modules";
 *
 * Vitest registers these mocks when this module is evaluated, before the test file's later imports.
 */
import { vi } from "vitest";

vi.mock("convex/react", async () => (await import("./mock-convex")).convexReactMock);
vi.mock("convex-helpers/react/sessions", async () => (await import("./mock-convex")).sessionsMock);
vi.mock("react-hot-toast", () => ({
  default: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }),
}));
