import type { ReadinessCheck } from '@frenly/platform';
import { DOWNSTREAM_SERVICES } from './route-table.js';
import { instancesOf, type DownstreamUrls } from './gateway-proxy.js';

/** One readiness check per downstream service: at least one of its instances' /health/ready answers 200. */
export function downstreamReadinessChecks(
  urls: DownstreamUrls,
  timeoutMs = 1_500,
): ReadinessCheck[] {
  return DOWNSTREAM_SERVICES.map((service) => ({
    name: service,
    probe: async () => {
      const results = await Promise.allSettled(
        instancesOf(urls, service).map((url) => probeInstance(service, url, timeoutMs)),
      );
      if (results.some((result) => result.status === 'fulfilled')) return;
      throw new Error(
        results.map((result) => (result as PromiseRejectedResult).reason.message).join('; '),
      );
    },
  }));
}

async function probeInstance(service: string, url: string, timeoutMs: number): Promise<void> {
  const response = await fetch(new URL('/health/ready', url), {
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: Error & { cause?: { code?: string } }) => {
    throw new Error(`${service} unreachable (${error.cause?.code ?? error.name})`);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { status?: string };
    throw new Error(`${service} answered ${response.status} ${body.status ?? ''}`.trim());
  }
}
