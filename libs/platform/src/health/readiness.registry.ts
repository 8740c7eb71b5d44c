import type { HealthCheckResult, ReadinessResponse } from '@frenly/contracts';

/** Resolves when the dependency is usable; throws (or rejects) with the reason when it is not. */
export type ReadinessProbe = () => Promise<unknown>;

export interface ReadinessCheck {
  readonly name: string;
  readonly probe: ReadinessProbe;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 2_000;

/**
 * The readiness checks of one process (database, bus, queue, downstream services…).
 * Each check is bounded by a timeout so that /health/ready always answers quickly.
 */
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessProbe>();
  private shuttingDown = false;

  constructor(
    private readonly service: string,
    private readonly timeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
  ) {}

  /** Adds a check; a second check with the same name replaces the first (shared infrastructure). */
  register(name: string, probe: ReadinessProbe): void {
    this.checks.set(name, probe);
  }

  /** From now on the process reports not-ready, so that load balancers stop sending traffic. */
  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async evaluate(): Promise<ReadinessResponse> {
    const entries = await Promise.all(
      [...this.checks].map(
        async ([name, probe]) => [name, await runCheck(probe, this.timeoutMs)] as const,
      ),
    );
    const checks: Record<string, HealthCheckResult> = Object.fromEntries(entries);
    if (this.shuttingDown) checks.shutdown = { status: 'down', detail: 'shutting down' };
    const ready = Object.values(checks).every((check) => check.status === 'up');
    return { status: ready ? 'ready' : 'not-ready', service: this.service, checks };
  }
}

async function runCheck(probe: ReadinessProbe, timeoutMs: number): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(probe), timeout]);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
