/**
 * The whole body if it is at most `limit` bytes; undefined as soon as it is larger. The rest is
 * left unread, not cancelled: cancelling would close the connection before the 413 is sent, and
 * the Node adapter drains what is left once the answer is out.
 */
export async function readBodyAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return undefined;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
