import type { QueryLoggedV1 } from '@frenly/contracts';

/**
 * The entry with what the database cannot store removed: NUL (jsonb and text refuse \u0000)
 * and unpaired UTF-16 surrogates (not valid UTF-8). The HTTP edge refuses both in `q`; this
 * keeps any other caller of the writer from poisoning a batch.
 */
export function storableEntry(entry: QueryLoggedV1): { entry: QueryLoggedV1; changed: boolean } {
  const clean = {
    ...entry,
    query: storable(entry.query),
    normalizedQuery: storable(entry.normalizedQuery),
    visitorHash: storable(entry.visitorHash),
    loggedAt: storable(entry.loggedAt),
  };
  const changed =
    clean.query !== entry.query ||
    clean.normalizedQuery !== entry.normalizedQuery ||
    clean.visitorHash !== entry.visitorHash ||
    clean.loggedAt !== entry.loggedAt;
  return { entry: changed ? clean : entry, changed };
}

function storable(text: string): string {
  // In a /u expression only an unpaired surrogate is a code point of category Cs.
  return typeof text === 'string' ? text.replace(/\0/g, '').replace(/\p{Cs}/gu, '\uFFFD') : text;
}

// SQLSTATE classes that say the database, not the entry, is the problem: connection (08),
// resources (53), operator intervention / shutdown (57), system (58), conflicts (40, 55).
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);

/**
 * Whether writing can succeed later as it is (the database is unreachable or busy), as opposed
 * to an error that this entry will hit on every retry (a data exception, a value that cannot
 * be encoded). Drivers wrap errors (drizzle's DrizzleQueryError, whose message quotes the
 * parameters, i.e. the search text), so codes are looked for along the causes, and only the
 * innermost error's message is read.
 */
export function isTransientWriteError(error: unknown): boolean {
  const chain: Error[] = [];
  for (
    let current: unknown = error;
    current instanceof Error && chain.length < 5;
    current = current.cause
  )
    chain.push(current);
  for (const link of chain) {
    const code = (link as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    // Node's socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE…); no SQLSTATE class starts with E.
    if (/^E[A-Z]+$/.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_CLASSES.has(code.slice(0, 2));
  }
  // node-postgres and pg-pool say "Connection terminated…", "timeout exceeded when trying to connect", "Client was closed…".
  const innermost = chain[chain.length - 1];
  return (
    innermost !== undefined &&
    /connection|terminated|timeout|timed out|closed|not queryable/i.test(innermost.message)
  );
}
