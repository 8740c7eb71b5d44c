import type { Server } from 'node:net';
import type { MetricsService } from './metrics.service.js';

/** Open TCP connections (HTTP keep-alive and websocket sockets alike) of the process's server, at scrape time. */
export function observeOpenConnections(server: Server, metrics: MetricsService): void {
  metrics.gauge({
    name: 'http_open_connections',
    help: 'Open client connections of the HTTP server (keep-alive and upgraded websocket sockets included)',
    async collect() {
      const count = await new Promise<number>((resolve) =>
        server.getConnections((error, n) => resolve(error ? 0 : n)),
      );
      this.set(count);
    },
  });
}
