import type { Browser } from 'playwright-core';
import { DistributedTopology } from '@frenly/testing';
import { launchChromium } from './chromium.js';
import { EmbeddedRuntime } from './embedded-runtime.js';

/** The backend a spec drives: its front door, and how to stop it. */
export interface E2eBackend {
  readonly baseUrl: string;
  /** Where the realtime service's /metrics answer: the process itself, or each realtime instance. */
  readonly realtimeUrls?: readonly string[];
  stop(): Promise<void>;
}

/**
 * `FRENLY_E2E_RUNTIME=distributed` runs the suite against the distributed topology (each
 * service its own process on PostgreSQL, Redis and Kafka, behind the gateway, which serves
 * the built frontend too); the default is the embedded runtime of `npm start`.
 */
export const E2E_RUNTIME =
  process.env.FRENLY_E2E_RUNTIME === 'distributed' ? 'distributed' : 'embedded';

async function startBackend(env: Record<string, string>): Promise<E2eBackend> {
  if (E2E_RUNTIME === 'embedded') return EmbeddedRuntime.start(env);
  const topology = await DistributedTopology.start({ env });
  const realtimeUrls = topology.instances.filter((i) => i.service === 'realtime').map((i) => i.url);
  return { baseUrl: topology.url, realtimeUrls, stop: () => topology.stop() };
}

/** What one spec file runs against: its own backend (fresh data) and one Chromium. */
export interface E2eStack {
  app: E2eBackend;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts both at once; if either fails, stops the other so that nothing outlives the run. */
export async function startStack(env: Record<string, string> = {}): Promise<E2eStack> {
  const [app, browser] = await Promise.allSettled([startBackend(env), launchChromium()]);
  if (app.status === 'rejected' || browser.status === 'rejected') {
    if (browser.status === 'fulfilled') await browser.value.close();
    if (app.status === 'fulfilled') await app.value.stop();
    throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
  }
  return {
    app: app.value,
    browser: browser.value,
    async close() {
      await browser.value.close().catch(() => undefined);
      await app.value.stop();
    },
  };
}

/** Time for a backend start (a few seconds; more on a busy machine) and a browser launch. */
export const STACK_START_TIMEOUT_MS = E2E_RUNTIME === 'embedded' ? 90_000 : 180_000;
