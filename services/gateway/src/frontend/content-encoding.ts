/** The encodings the frontend's files can be sent in, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];

/**
 * The best of `available` that the client accepts (RFC 9110 §12.5.3): brotli before gzip at
 * equal weight, a q=0 refuses, `*` stands for any encoding not named. Undefined means the
 * identity (uncompressed) body.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.trim().split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = params
      .map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1])
      .find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Math.min(1, Number(q) || 0));
  }
  let best: { encoding: ContentEncoding; weight: number } | undefined;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const weight =
      weights.get(encoding) ??
      (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ??
      weights.get('*') ??
      0;
    if (weight > 0 && (!best || weight > best.weight)) best = { encoding, weight };
  }
  return best?.encoding;
}
