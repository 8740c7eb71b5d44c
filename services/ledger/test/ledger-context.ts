import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Topics } from '@frenly/contracts';
import { knownSites, openDatabase, type Database, type DatabaseHandle } from '@frenly/db';
import {
  InProcessEventBus,
  KafkaEventBus,
  makeEvent,
  silentLogger,
  type EventBus,
} from '@frenly/events';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
} from '@frenly/platform';
import { createScratchDatabase, waitFor, type ScratchDatabase } from '@frenly/testing';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { LedgerAuditRepository } from '../src/audit/ledger-audit.repository.js';
import { AccountsService } from '../src/accounts/accounts.service.js';
import { LedgerModule } from '../src/ledger.module.js';
import type { LedgerSettings } from '../src/ledger.settings.js';
import { LedgerOutbox } from '../src/outbox/ledger-outbox.js';
import { StakesService } from '../src/stakes/stakes.service.js';
import { VotesService } from '../src/votes/votes.service.js';

/** The broker the integration tests use (started by `npm run infra:up`). */
export const TEST_KAFKA_BROKERS = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

export interface TestUser {
  readonly id: string;
  /** The identity header the gateway would set (fresh token each call: tokens live 60 s). */
  headers(): Record<string, string>;
}

export interface LedgerContextOptions {
  readonly bus?: 'in-process' | 'kafka';
  readonly settings?: Partial<LedgerSettings>;
  readonly poolSize?: number;
  /** Reuse this database instead of a fresh scratch one (the caller drops it). */
  readonly databaseUrl?: string;
  /** An in-memory PGlite instead of PostgreSQL, as the embedded runtime runs the ledger. */
  readonly embedded?: boolean;
  /** Serve the internal routes (POST /internal/community), as the distributed runtime does. */
  readonly internalRoutes?: boolean;
}

// On the shared broker, site events from tests must not land on real catalogue ids (another
// run's ledger may be listening): Kafka tests announce sites with ids far above them.
const KAFKA_SITE_ID_BASE = 1_500_000_000;

/**
 * One real ledger: a scratch PostgreSQL database migrated with the ledger schema, a bus, and
 * the Nest app built the way a service builds it, listening on an ephemeral loopback port.
 */
export class LedgerContext {
  private userCount = 0;
  private siteCount = 0;
  private closed = false;

  private constructor(
    readonly app: NestExpressApplication,
    readonly database: DatabaseHandle,
    readonly bus: EventBus,
    readonly baseUrl: string,
    private readonly scratch: ScratchDatabase | undefined,
    readonly settings: Partial<LedgerSettings>,
    readonly tokens: IdentityTokens,
    /** The service's warnings and errors, as JSON lines. */
    readonly logLines: string[],
    readonly runId: string,
    private siteIdBase: number,
  ) {}

  static async start(options: LedgerContextOptions = {}): Promise<LedgerContext> {
    const scratch =
      options.databaseUrl || options.embedded
        ? undefined
        : await createScratchDatabase('frenly_ledger');
    const database = options.embedded
      ? await openDatabase({ dataDir: 'memory://', schemas: ['ledger'] })
      : await openDatabase({
          databaseUrl: options.databaseUrl ?? scratch!.url,
          schemas: ['ledger'],
          poolSize: options.poolSize ?? 10,
        });
    const runId = randomBytes(4).toString('hex');
    const bus: EventBus =
      options.bus === 'kafka'
        ? new KafkaEventBus({
            brokers: TEST_KAFKA_BROKERS,
            clientId: `ledger-it-${runId}`,
            logger: silentLogger,
          })
        : new InProcessEventBus({ logger: silentLogger });
    const settings: Partial<LedgerSettings> = {
      knownSitesGroup: `ledger-it-known-sites-${runId}`,
      // A shared broker holds other runs' site events: a test group starts at the end and publishes its own.
      knownSitesFromBeginning: options.bus !== 'kafka',
      relayPollIntervalMs: 200,
      ...options.settings,
    };
    const lines: string[] = [];
    const logger = new JsonLogger({
      service: 'ledger',
      level: 'warn',
      write: (line) => lines.push(line),
    });
    const tokens = new IdentityTokens(randomBytes(32));
    const app = await createServiceApp({
      service: 'ledger',
      logger,
      metrics: new MetricsService({ service: 'ledger', defaultMetrics: false }),
      modules: [
        LedgerModule.forRoot({
          db: database.db,
          bus,
          identityTokens: tokens,
          settings,
          internalRoutes: options.internalRoutes,
        }),
      ],
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const siteIdBase =
      options.bus === 'kafka' ? KAFKA_SITE_ID_BASE + randomBytes(3).readUIntBE(0, 3) * 16 : 0;
    return new LedgerContext(
      app,
      database,
      bus,
      `http://127.0.0.1:${port}`,
      scratch,
      settings,
      tokens,
      lines,
      runId,
      siteIdBase,
    );
  }

  get db(): Database {
    return this.database.db;
  }

  http() {
    return request(this.baseUrl);
  }

  /** POST /api/sites/:id/vote as `user`: the request, to await or to expect on. */
  vote(user: TestUser, siteId: number | string, type: string) {
    return this.http().post(`/api/sites/${siteId}/vote`).set(user.headers()).send({ type });
  }

  /** POST /api/stakes as `user`, with an Idempotency-Key when one is given. */
  stake(user: TestUser, body: object, idempotencyKey?: string) {
    const post = this.http().post('/api/stakes').set(user.headers());
    if (idempotencyKey) post.set('Idempotency-Key', idempotencyKey);
    return post.send(body);
  }

  get stakes(): StakesService {
    return this.app.get(StakesService);
  }
  get votes(): VotesService {
    return this.app.get(VotesService);
  }
  get accounts(): AccountsService {
    return this.app.get(AccountsService);
  }
  get outbox(): LedgerOutbox {
    return this.app.get(LedgerOutbox);
  }
  audit() {
    return this.app.get(LedgerAuditRepository).audit();
  }

  newUser(name = 'user'): TestUser {
    const id = `${name}-${this.runId}-${++this.userCount}`;
    const identity = { userId: id, firstName: name, lastName: null, email: null };
    return { id, headers: () => ({ [IDENTITY_HEADER]: this.tokens.sign(identity) }) };
  }

  /** A site announced the way the search service announces it: a site-indexed event on the bus. */
  async newSite(domain?: string): Promise<number> {
    const siteId = this.siteIdBase + ++this.siteCount;
    const name = domain ?? `site-${siteId}.example`;
    await this.bus.publish([
      makeEvent(Topics.SiteIndexed, siteId, {
        siteId,
        url: `https://${name}/`,
        domain: name,
        title: `Site ${siteId}`,
        indexedAt: new Date().toISOString(),
      }),
    ]);
    await waitFor(
      async () =>
        (await this.db.select().from(knownSites).where(eq(knownSites.siteId, siteId))).length > 0
          ? true
          : undefined,
      20_000,
      10,
      `site ${siteId} to be learnt from its site-indexed event`,
    );
    return siteId;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.app.close();
    await this.bus.close();
    await this.database.close();
    await this.scratch?.drop();
  }
}
