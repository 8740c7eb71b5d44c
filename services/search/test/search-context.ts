import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { openDatabase, type Database, type DatabaseHandle } from '@frenly/db';
import { InProcessEventBus, silentLogger, type EventBus } from '@frenly/events';
import { createJobQueue, type FrenlyJobQueues } from '@frenly/jobs';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
  type FrenlyJobQueue,
} from '@frenly/platform';
import { createScratchDatabase } from '@frenly/testing';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { Clock, SearchSettingsOverrides } from '../src/config/search.settings.js';
import { SearchModule } from '../src/search.module.js';
import { QueryLogWriter } from '../src/trending/query-log.writer.js';

export type Engine = 'PostgreSQL' | 'PGlite';
export const ENGINES: readonly Engine[] = ['PostgreSQL', 'PGlite'];

export interface SearchContextOptions {
  readonly engine: Engine;
  readonly settings?: SearchSettingsOverrides;
  readonly clock?: Clock;
  readonly bus?: EventBus;
  /** Serve the internal routes, as the distributed search service does. */
  readonly internalRoutes?: boolean;
}

/** A time the tests move by hand. */
export class ManualClock {
  constructor(private now = new Date('2026-11-01T12:00:00Z')) {}
  readonly read: Clock = () => new Date(this.now);
  advance(ms: number): void {
    this.now = new Date(this.now.getTime() + ms);
  }
}

/**
 * One real search service: a fresh migrated database (scratch PostgreSQL database or PGlite
 * folder), the in-process bus and job queue, and the Nest app built the way a service builds
 * it, listening on an ephemeral loopback port.
 */
export class SearchContext {
  private closed = false;

  private constructor(
    readonly app: NestExpressApplication,
    readonly database: DatabaseHandle,
    readonly bus: EventBus,
    readonly jobs: FrenlyJobQueue,
    readonly baseUrl: string,
    readonly tokens: IdentityTokens,
    readonly logLines: string[],
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async start(options: SearchContextOptions): Promise<SearchContext> {
    const opened = await openEngine(options.engine);
    const bus = options.bus ?? new InProcessEventBus({ logger: silentLogger });
    const jobs = createJobQueue<FrenlyJobQueues>({ onError: () => undefined });
    const lines: string[] = [];
    const logger = new JsonLogger({
      service: 'search',
      level: 'warn',
      write: (line) => lines.push(line),
    });
    const tokens = new IdentityTokens(randomBytes(32));
    const app = await createServiceApp({
      service: 'search',
      logger,
      metrics: new MetricsService({ service: 'search', defaultMetrics: false }),
      modules: [
        SearchModule.forRoot({
          db: opened.handle.db,
          bus,
          jobs,
          identityTokens: tokens,
          clock: options.clock,
          internalRoutes: options.internalRoutes,
          // The crawler stays off unless a test turns it on: it would crawl every fixture site.
          settings: {
            seedOnStart: false,
            ...options.settings,
            crawl: { auto: false, ...options.settings?.crawl },
            queryLog: { flushIntervalMs: 20, ...options.settings?.queryLog },
          },
        }),
      ],
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new SearchContext(
      app,
      opened.handle,
      bus,
      jobs,
      `http://127.0.0.1:${port}`,
      tokens,
      lines,
      opened.cleanup,
    );
  }

  get db(): Database {
    return this.database.db;
  }

  http() {
    return request(this.baseUrl);
  }

  /** The identity header the gateway would set for a signed-in user. */
  signedIn(userId = 'user-1'): Record<string, string> {
    return {
      [IDENTITY_HEADER]: this.tokens.sign({
        userId,
        firstName: 'Test',
        lastName: null,
        email: null,
      }),
    };
  }

  /** Writes the searches logged so far (they are batched off the request path). */
  flushQueryLog(): Promise<void> {
    return this.app.get(QueryLogWriter).flush();
  }

  async count(table: string): Promise<number> {
    const result = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)}`,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.app.close();
    await this.jobs.close();
    await this.bus.close();
    await this.database.close();
    await this.cleanup();
  }
}

async function openEngine(
  engine: Engine,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (engine === 'PostgreSQL') {
    const scratch = await createScratchDatabase('frenly_search');
    const handle = await openDatabase({
      databaseUrl: scratch.url,
      schemas: ['search'],
      poolSize: 4,
    });
    return { handle, cleanup: () => scratch.drop() };
  }
  const handle = await openDatabase({ dataDir: 'memory://', schemas: ['search'] });
  return { handle, cleanup: async () => undefined };
}
