/** Live sockets the backend holds open now (its `realtime_open_connections` gauge on /metrics). */
export async function openLiveConnections(baseUrl: string): Promise<number> {
  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = /^realtime_open_connections(?:\{[^}]*\})? (\d+)/m.exec(metrics);
  return line ? Number(line[1]) : 0;
}
