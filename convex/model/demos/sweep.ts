/**
 * The stray sweep (claim.ts explains why files can be strays): every 15 minutes, files stored 20+
 * minutes ago that no demo holds are looked at in creation order, 16 at a time, at most 4 batches
 * a run; a cursor in the demo store keeps each file from being looked at twice.
 */
import type { Id } from "../../_generated/dataModel";
import type { ActionCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { inspectStored } from "./claim";

interface StrayBatch {
  files: { storageId: Id<"_storage">; size: number }[];
  through: number | null;
  more: boolean;
}

const BATCHES_PER_RUN = 4;

export async function sweepStrays(ctx: ActionCtx): Promise<{ kept: number; deleted: number }> {
  let kept = 0;
  let deleted = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const found: StrayBatch = await ctx.runQuery(internal.demos.strayFiles, {});
    for (const file of found.files) {
      const stray = await inspectStored(ctx, file);
      const outcome = await ctx.runMutation(internal.demos.keepStray, { stray });
      if (outcome === "kept") kept++;
      if (outcome === "deleted") deleted++;
    }
    if (found.through !== null) {
      await ctx.runMutation(internal.demos.markStraysSwept, { through: found.through });
    }
    if (!found.more) break;
  }
  return { kept, deleted };
}
