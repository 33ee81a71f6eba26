import type { Id } from "@/lib/backend";
import { LogSection } from "./log-section";
import { PushSection } from "./push-section";

/** The feeds a game server posts to the panel (MatchZy events, CS2's HTTP log), for the admin tab. */
export function FeedSections({ serverId }: { serverId: Id<"servers"> | undefined }) {
  return (
    <>
      <PushSection serverId={serverId} />
      <LogSection serverId={serverId} />
    </>
  );
}
