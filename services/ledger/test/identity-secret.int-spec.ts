import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TOPOLOGY_SERVICES,
  cleanEnv,
  createScratchDatabase,
  freePort,
  spawnProcess,
  waitForOk,
  type ScratchDatabase,
} from '@frenly/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The value docker-compose.yml and the k8s example once defaulted to (issue 12, item 6). */
const SHIPPED_PLACEHOLDER = 'change-me-to-32-or-more-random-characters';

/**
 * Issue 12, item 6: with the placeholder secret anyone could sign identities for the services and
 * call the ledger directly as any user. Each service, started on its own as in the distributed
 * topology (its built dist/main.js, real PostgreSQL and Kafka, NODE_ENV=production), must refuse
 * to start with it, saying which variable is wrong.
 */
describe('a distributed service started with a placeholder identity secret', () => {
  let scratch: ScratchDatabase;
  const runId = randomBytes(4).toString('hex');

  beforeAll(async () => {
    scratch = await createScratchDatabase('frenly_secret');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  const start = async (service: string, secret: string) => {
    const port = await freePort();
    const env = cleanEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      KAFKA_BROKERS: process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_NAMESPACE: `secret-${runId}`,
      JOBS_PREFIX: `frenly-secret-${runId}`,
      FRENLY_IDENTITY_SECRET: secret,
      FRENLY_PUBLIC_URL: 'https://frenly.example',
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    return {
      port,
      process: spawnProcess(
        process.execPath,
        [join(repoRoot, 'services', service, 'dist', 'main.js')],
        env,
        repoRoot,
      ),
    };
  };

  it.each(TOPOLOGY_SERVICES.map((service) => [service]))(
    '%s exits with EX_CONFIG (78), naming FRENLY_IDENTITY_SECRET',
    async (service) => {
      const { process: child } = await start(service, SHIPPED_PLACEHOLDER);
      expect(await child.exited(30_000)).toBe(78);
      expect(child.stderr()).toMatch(/FRENLY_IDENTITY_SECRET is a placeholder, not a secret/);
    },
  );

  it('ledger refuses a short or repetitive secret too, and starts with a random one', async () => {
    for (const [secret, message] of [
      ['too-short', /FRENLY_IDENTITY_SECRET must be at least 32 characters/],
      ['x'.repeat(48), /FRENLY_IDENTITY_SECRET is too regular to be random/],
    ] as const) {
      const { process: child } = await start('ledger', secret);
      expect(await child.exited(30_000)).toBe(78);
      expect(child.stderr()).toMatch(message);
    }
    // The control: the same environment with a generated secret serves.
    const { port, process: child } = await start('ledger', randomBytes(32).toString('base64url'));
    try {
      await waitForOk(`http://127.0.0.1:${port}/health/ready`, child, 60_000);
    } finally {
      child.child.kill('SIGTERM');
      await child.exited(20_000);
    }
  });
});
