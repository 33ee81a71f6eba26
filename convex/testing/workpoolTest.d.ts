/**
 * Types of `@convex-dev/workpool/test` for dev/tsconfig.json: the package ships that entry as
 * TypeScript source, which fails our `noUnusedLocals` (dev/tsconfig.json maps the import here).
 */
import type { GenericSchema, SchemaDefinition } from "convex/server";
import type { TestConvex } from "convex-test";

declare const workpoolTest: {
  register(t: TestConvex<SchemaDefinition<GenericSchema, boolean>>, name?: string): void;
};
export default workpoolTest;
