/**
 * Reading an HTTP body with a size bound, for requests the panel receives (MatchZy push, CS2's
 * log) and answers it reads (game servers): a body over the bound is never held in memory whole.
 */

/**
 * The body as UTF-8 text, or null when it is longer than `max` bytes. A declared length over the
 * bound is refused before reading; otherwise the stream is read up to the bound and cancelled.
 */
export async function readBodyLimited(
  message: Pick<Request, "headers" | "body">,
  max: number,
): Promise<string | null> {
  const declared = Number(message.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return "";
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
