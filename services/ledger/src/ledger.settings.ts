/** Tunables of the ledger module; every field has a production default. */
export interface LedgerSettings {
  /** Bamboo granted once, when a user first reaches the ledger. */
  readonly signupGrant: number;
  /** Consumer group that learns sites from `search.site-indexed` (tests use a unique one). */
  readonly knownSitesGroup: string;
  /** Whether a new known-sites group starts at the oldest retained event (it should: it must learn every site). */
  readonly knownSitesFromBeginning: boolean;
  /** How often the outbox relay looks for unsent rows when nobody pokes it. */
  readonly relayPollIntervalMs: number;
  /** On shutdown, how long to keep publishing the outbox backlog before stopping the relay. */
  readonly relayDrainTimeoutMs: number;
  /**
   * Under load, how long after a batch began the relay waits before the next one (see OutboxRelay's
   * `lingerMs`). A batch itself takes a few milliseconds, so a shorter linger hardly batches.
   */
  readonly relayLingerMs: number;
  /** How long an Idempotency-Key is remembered (a replay after that is a new stake). */
  readonly idempotencyKeyTtlMs: number;
  /** How often forgotten keys are deleted. */
  readonly idempotencyPruneIntervalMs: number;
}

export const DEFAULT_SIGNUP_GRANT = 1_000;

export const DEFAULT_LEDGER_SETTINGS: LedgerSettings = {
  signupGrant: DEFAULT_SIGNUP_GRANT,
  knownSitesGroup: 'ledger.known-sites',
  knownSitesFromBeginning: true,
  relayPollIntervalMs: 1_000,
  relayDrainTimeoutMs: 3_000,
  // 20 ms: events reach Kafka at most that much later under load, in a quarter of the batches.
  relayLingerMs: 20,
  idempotencyKeyTtlMs: 24 * 3_600_000,
  idempotencyPruneIntervalMs: 3_600_000,
};

/** Injection token of the resolved LedgerSettings. */
export const LEDGER_SETTINGS = Symbol('LEDGER_SETTINGS');

export function resolveLedgerSettings(overrides: Partial<LedgerSettings> = {}): LedgerSettings {
  const settings = { ...DEFAULT_LEDGER_SETTINGS, ...overrides };
  if (!Number.isSafeInteger(settings.signupGrant) || settings.signupGrant < 0) {
    throw new Error(
      `The ledger's signup grant must be a whole number of bamboo ≥ 0 (got ${settings.signupGrant})`,
    );
  }
  return settings;
}
