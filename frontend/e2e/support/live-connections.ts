import type { E2eBackend } from './stack.js';

/**
 * Live sockets the backend holds open now: the `realtime_open_connections` gauge on /metrics
 * of the embedded process, or summed over the realtime instances of the distributed topology.
 */
export async function openLiveConnections(backend: E2eBackend): Promise<number> {
  const urls = backend.realtimeUrls ?? [backend.baseUrl];
  const counts = await Promise.all(
    urls.map(async (url) => {
      const metrics = await (await fetch(`${url}/metrics`)).text();
      const line = /^realtime_open_connections(?:\{[^}]*\})? (\d+)/m.exec(metrics);
      return line ? Number(line[1]) : 0;
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
