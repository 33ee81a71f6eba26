/** Launching the finished veto on a game server (admin): see `model/launch.ts`. */
import { capability } from "./model/capability";
import { LAUNCH_CAPABILITY } from "./model/launch";

export const launch = capability(LAUNCH_CAPABILITY);
