import type { IncomingMessage } from 'node:http';

/** Reads a small application/x-www-form-urlencoded body (the sign-in form); refuses large ones. */
export async function readForm(
  req: IncomingMessage,
  limitBytes = 8 * 1024,
): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
