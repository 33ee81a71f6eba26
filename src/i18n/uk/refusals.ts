import { REFUSAL_TEXTS } from "../../../convex/lib/messages";

/** Ukrainian texts: refusal.*, the backend's own table (it sends them as `message` too). */
export default REFUSAL_TEXTS;
