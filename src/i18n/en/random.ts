import type uk from "../uk/random";
import type { Translation } from "../types";

/** English texts: random.*. */
export default {
  "random.title": "Random player picker",
  "random.count": "Number of players",
  "random.countInvalid": "Enter a whole number from 1.",
  "random.available": "Available in teams T and CT: {n}",
  "random.availableHumans": "Available in teams T and CT: {n} (bots not counted: {bots})",
  "random.includeBots": "Include bots",
  "random.pick": "Pick",
  "random.shuffling": "Shuffling the players…",
  "random.done": "Players picked!",
  "random.emptyTitle": "No players in the teams",
  "random.empty":
    "There are no players in teams T and CT on the server right now, so there is nobody to pick.",
  "random.resultTitle": "Picked players",
} as const satisfies Translation<typeof uk>;
