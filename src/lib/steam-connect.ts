/** The link that starts CS2 and joins `host:port`: a game server, or its GOTV broadcast. */
export function steamConnectUrl(address: string): string {
  return `steam://connect/${address}`;
}
