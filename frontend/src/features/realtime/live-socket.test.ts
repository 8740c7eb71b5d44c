import { describe, expect, it, vi } from 'vitest';
import { liveSocketUrl, openLiveSocket, reconnectDelay, RECONNECT_MAX_MS } from './live-socket';

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const scheduled: { run: () => void; ms: number }[] = [];
  const received: unknown[] = [];
  const connection = openLiveSocket({
    url: 'ws://localhost/ws',
    onMessage: (data) => received.push(data),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    schedule: (run, ms) => {
      scheduled.push({ run, ms });
      return setTimeout(() => {}, 0);
    },
    cancel: vi.fn(),
    random: () => 0.5,
  });
  return { sockets, scheduled, received, connection };
}

describe(liveSocketUrl.name, () => {
  it('uses wss on https pages and ws otherwise', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'frenly.app' })).toBe('wss://frenly.app/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ws',
    );
  });
});

describe(reconnectDelay.name, () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20, () => 0.5)).toBe(RECONNECT_MAX_MS);
  });
});

describe(openLiveSocket.name, () => {
  it('passes frames on and reconnects with growing delays, resetting after a good open', () => {
    const { sockets, scheduled, received } = harness();
    sockets[0]?.onopen?.();
    sockets[0]?.onmessage?.({ data: 'hello' });
    expect(received).toEqual(['hello']);

    sockets[0]?.onclose?.();
    expect(scheduled.at(-1)?.ms).toBe(1000);
    scheduled.at(-1)?.run();
    sockets[1]?.onclose?.(); // failed again before opening
    expect(scheduled.at(-1)?.ms).toBe(2000);
    scheduled.at(-1)?.run();
    sockets[2]?.onopen?.();
    sockets[2]?.onclose?.();
    expect(scheduled.at(-1)?.ms).toBe(1000);
  });

  it('stops for good when closed', () => {
    const { sockets, scheduled, connection } = harness();
    connection.close();
    expect(sockets[0]?.closed).toBe(true);
    sockets[0]?.onclose?.();
    expect(scheduled).toHaveLength(0);
  });
});
