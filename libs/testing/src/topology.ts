import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from './postgres.js';
import { deleteRedisKeys } from './redis-keys.js';
import {
  cleanEnv,
  freePort,
  spawnProcess,
  waitForOk,
  type SpawnedProcess,
} from './spawned-process.js';

export const TOPOLOGY_SERVICES = ['search', 'ledger', 'analysis', 'realtime', 'gateway'] as const;
export type TopologyService = (typeof TOPOLOGY_SERVICES)[number];

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

export interface DistributedTopologyOptions {
  /** Instances per service (default 1 each; the gateway is always one). */
  readonly instances?: Partial<Record<Exclude<TopologyService, 'gateway'>, number>>;
  /** Extra environment for every process (LOG_LEVEL, FRENLY_FETCH_ALLOWLIST…). */
  readonly env?: NodeJS.ProcessEnv;
  /** Servers to use instead of the shared ones (e.g. private ones a fault test may stop). */
  readonly infra?: {
    readonly postgresAdminUrl?: string;
    readonly redisUrl?: string;
    readonly kafkaBrokers?: string;
  };
}

/** One running instance of a service. */
export interface ServiceInstance {
  readonly service: TopologyService;
  readonly index: number;
  readonly url: string;
  process: SpawnedProcess;
}

/**
 * The distributed topology of `npm run start:distributed`, built for tests: every service as
 * its own process from its built `dist/main.js`, on a scratch PostgreSQL database, the real
 * Redis and Kafka, behind one gateway. Instances can be killed and started again one by one.
 */
export class DistributedTopology {
  readonly instances: ServiceInstance[] = [];
  private constructor(
    readonly database: ScratchDatabase,
    private readonly baseEnv: NodeJS.ProcessEnv,
  ) {}

  /** The prefix of this topology's topics and groups on the broker (`<namespace>.<topic>`). */
  get kafkaNamespace(): string {
    return String(this.baseEnv.KAFKA_NAMESPACE ?? '');
  }

  static async start(options: DistributedTopologyOptions = {}): Promise<DistributedTopology> {
    const database = await createScratchDatabase(
      'frenly_topology',
      options.infra?.postgresAdminUrl,
    );
    const runId = randomBytes(4).toString('hex');
    const topology = new DistributedTopology(database, {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: options.infra?.redisUrl ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      KAFKA_BROKERS:
        options.infra?.kafkaBrokers ?? process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_CLIENT_ID: `frenly-topology-${runId}`,
      // Topics and groups of its own: other runs' events on the shared broker are not ours.
      KAFKA_NAMESPACE: `topology-${runId}`,
      // Job queues of its own: a job another run left in the shared Redis names rows of another database.
      JOBS_PREFIX: `frenly-topology-${runId}`,
      FRENLY_IDENTITY_SECRET: randomBytes(32).toString('base64url'),
      ...options.env,
    });
    try {
      for (const service of TOPOLOGY_SERVICES) {
        const count = service === 'gateway' ? 1 : (options.instances?.[service] ?? 1);
        for (let index = 0; index < count; index++) {
          topology.instances.push({
            service,
            index,
            url: `http://127.0.0.1:${await freePort()}`,
            process: undefined as never,
          });
        }
      }
      // The services first (in parallel), then the gateway that waits for them.
      await Promise.all(
        topology.instances.filter((i) => i.service !== 'gateway').map((i) => topology.launch(i)),
      );
      await topology.launch(topology.instance('gateway'));
      return topology;
    } catch (error) {
      await topology.stop();
      throw error;
    }
  }

  /** The public entry point: the gateway's base URL. */
  get url(): string {
    return this.instance('gateway').url;
  }

  instance(service: TopologyService, index = 0): ServiceInstance {
    const found = this.instances.find((i) => i.service === service && i.index === index);
    if (!found) throw new Error(`no instance ${index} of ${service}`);
    return found;
  }

  /** `kill -9` (or another signal) of one instance; resolves once it is gone. */
  async kill(
    service: TopologyService,
    index = 0,
    signal: NodeJS.Signals = 'SIGKILL',
  ): Promise<void> {
    const instance = this.instance(service, index);
    if (instance.process.child.exitCode !== null || instance.process.child.signalCode !== null)
      return;
    instance.process.child.kill(signal);
    await instance.process.exited(20_000);
  }

  /** Starts a killed or stopped instance again on the same port; resolves when it is ready. */
  async restart(service: TopologyService, index = 0): Promise<void> {
    await this.kill(service, index, 'SIGTERM');
    await this.launch(this.instance(service, index));
  }

  /** Everything each process printed so far (for failure messages). */
  logs(): string {
    return this.instances
      .map(
        (i) =>
          `--- ${i.service}#${i.index}\n${i.process?.stderr().slice(-3000) ?? ''}${i.process?.stdout().slice(-3000) ?? ''}`,
      )
      .join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.instances
        .filter(
          (i) =>
            i.process && i.process.child.exitCode === null && i.process.child.signalCode === null,
        )
        .map(async (i) => {
          i.process.child.kill('SIGTERM');
          await i.process.exited(20_000).catch(() => {
            i.process.child.kill('SIGKILL');
          });
        }),
    );
    await this.database.drop().catch(() => undefined);
    const { REDIS_URL, JOBS_PREFIX } = this.baseEnv;
    if (REDIS_URL && JOBS_PREFIX)
      await deleteRedisKeys(String(REDIS_URL), String(JOBS_PREFIX)).catch(() => undefined);
  }

  private urlsOf(service: TopologyService): string {
    return this.instances
      .filter((i) => i.service === service)
      .map((i) => i.url)
      .join(',');
  }

  private async launch(instance: ServiceInstance): Promise<void> {
    const env = cleanEnv({
      ...this.baseEnv,
      PORT: new URL(instance.url).port,
      HOST: '127.0.0.1',
      SEARCH_URL: this.urlsOf('search'),
      LEDGER_URL: this.urlsOf('ledger'),
      ANALYSIS_URL: this.urlsOf('analysis'),
      REALTIME_URL: this.urlsOf('realtime'),
    });
    instance.process = spawnProcess(
      process.execPath,
      [join(repoRoot, 'services', instance.service, 'dist', 'main.js')],
      env,
      repoRoot,
    );
    await waitForOk(`${instance.url}/health/ready`, instance.process, READY_TIMEOUT_MS);
  }
}
