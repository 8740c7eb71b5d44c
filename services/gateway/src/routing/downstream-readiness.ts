import type { ReadinessCheck } from '@frenly/platform';
import { DOWNSTREAM_SERVICES } from './route-table.js';
import type { DownstreamUrls } from './gateway-proxy.js';

/** One readiness check per downstream service: its own /health/ready must answer 200. */
export function downstreamReadinessChecks(urls: DownstreamUrls, timeoutMs = 1_500): ReadinessCheck[] {
  return DOWNSTREAM_SERVICES.map((service) => ({
    name: service,
    probe: async () => {
      const response = await fetch(new URL('/health/ready', urls[service]), { signal: AbortSignal.timeout(timeoutMs) }).catch(
        (error: Error & { cause?: { code?: string } }) => {
          throw new Error(`${service} unreachable (${error.cause?.code ?? error.name})`);
        },
      );
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { status?: string };
        throw new Error(`${service} answered ${response.status} ${body.status ?? ''}`.trim());
      }
    },
  }));
}
