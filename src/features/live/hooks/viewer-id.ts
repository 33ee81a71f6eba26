function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random id of this browser tab (24 hex chars), telling the backend "someone is watching". */
export const viewerId: string = randomId();
