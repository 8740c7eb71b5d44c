import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EventBus } from '@frenly/events';
import {
  IDENTITY_HEADER,
  IdentityTokens,
  JsonLogger,
  MetricsService,
  createServiceApp,
} from '@frenly/platform';
import { installRealtimeEndpoint, RealtimeModule, type RealtimeSettings } from '../../src/index.js';
import { LiveClient } from './live-client.js';

export interface RealtimeHarnessOptions {
  readonly bus: EventBus;
  readonly settings?: Partial<RealtimeSettings>;
}

/** One realtime service built the way main.ts builds it, on an ephemeral loopback port. */
export class RealtimeHarness {
  private userCount = 0;

  private constructor(
    readonly app: NestExpressApplication,
    readonly tokens: IdentityTokens,
    readonly baseUrl: string,
    /** The service's log lines (JSON), warnings and up. */
    readonly logLines: string[],
  ) {}

  static async start(options: RealtimeHarnessOptions): Promise<RealtimeHarness> {
    const tokens = new IdentityTokens(randomBytes(32));
    const lines: string[] = [];
    const logger = new JsonLogger({
      service: 'realtime',
      level: 'info',
      write: (line) => lines.push(line),
    });
    const app = await createServiceApp({
      service: 'realtime',
      logger,
      metrics: new MetricsService({ service: 'realtime', defaultMetrics: false }),
      modules: [
        RealtimeModule.forRoot({
          bus: options.bus,
          identityTokens: tokens,
          settings: options.settings,
        }),
      ],
      configure: (app) => installRealtimeEndpoint(app),
    });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return new RealtimeHarness(app, tokens, `http://127.0.0.1:${port}`, lines);
  }

  get wsUrl(): string {
    return `${this.baseUrl.replace('http', 'ws')}/ws`;
  }

  /** The identity header the gateway would set for a new user. */
  signedInHeaders(name = 'user'): Record<string, string> {
    const userId = `${name}-${++this.userCount}`;
    return {
      [IDENTITY_HEADER]: this.tokens.sign({ userId, firstName: name, lastName: null, email: null }),
    };
  }

  connect(
    name = 'user',
    extra: Record<string, string> = {},
    options: { autoPong?: boolean } = {},
  ): Promise<LiveClient> {
    return LiveClient.connect(this.wsUrl, { ...this.signedInHeaders(name), ...extra }, options);
  }

  /** The value of one series in /metrics (0 when absent). */
  async metric(name: string, labels = ''): Promise<number> {
    const text = await (await fetch(`${this.baseUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  }

  logged(message: string): Array<Record<string, unknown>> {
    return this.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === message);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
