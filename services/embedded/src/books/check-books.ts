import type { DatabaseHandle } from '@frenly/db';

/** The start refuses: the books do not add up. Exit code 65 (EX_DATAERR). */
export class CorruptBooks extends Error {
  constructor(
    readonly where: string,
    readonly violations: readonly string[],
  ) {
    super(corruptBooksMessage(where, violations));
    this.name = 'CorruptBooks';
  }
}

/**
 * The ledger audit the benchmarks and tests use (LedgerAuditRepository), run once before the
 * app serves anything: bamboo that cannot be accounted for must not be staked further, and
 * serving it silently hides the damage until it is too late to restore a backup.
 * `where` names the database for the message (the data folder, or "DATABASE_URL").
 */
export async function checkBooks(handle: DatabaseHandle, where: string): Promise<void> {
  const { LedgerAuditRepository } = await import('@frenly/ledger');
  const audit = await new LedgerAuditRepository(handle.db).audit();
  if (audit.violations.length > 0) throw new CorruptBooks(where, audit.violations);
}

export function corruptBooksMessage(where: string, violations: readonly string[]): string {
  return [
    `Refusing to start: the ledger in ${where} does not add up, so Frenly will not serve its balances.`,
    ...violations.map((violation) => `  - ${violation}`),
    'Nothing has been served. This usually means two processes used the folder at once, or it was',
    'edited by hand. To recover: stop every Frenly process, copy the folder aside for inspection,',
    'then restore it from a backup, or move it away (e.g. mv <folder> <folder>.corrupt) and start',
    'again with empty books (the accounts, stakes and votes in it are then no longer served).',
  ].join('\n');
}
