import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';

export type LiveMessage = Record<string, unknown> & { type: string };

/** A websocket client that keeps every message it received and can wait for one. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as LiveMessage);
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Connects; rejects with the HTTP status when the upgrade is refused. */
  static connect(
    url: string,
    headers: Record<string, string> = {},
    options: { autoPong?: boolean } = {},
  ): Promise<LiveClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
      socket.once('open', () => resolve(new LiveClient(socket)));
      socket.once('unexpected-response', (_req, res: IncomingMessage) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => reject(new RefusedUpgrade(res.statusCode ?? 0, body)));
      });
      socket.once('error', reject);
    });
  }

  /** The first message (already received or still to come) matching `matches`. */
  async waitFor(
    matches: (message: LiveMessage) => boolean,
    timeoutMs = 10_000,
    what = 'a message',
  ): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-5))}`,
        );
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  send(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  close(): void {
    this.socket.terminate();
  }
}

/** A refused websocket upgrade: the HTTP answer instead of a socket. */
export class RefusedUpgrade extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`upgrade refused with ${status}: ${body}`);
  }
}

/** The status of a refused upgrade (fails the test when the socket opens). */
export async function refusalStatus(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  try {
    const client = await LiveClient.connect(url, headers);
    client.close();
  } catch (error) {
    if (error instanceof RefusedUpgrade)
      return { status: error.status, body: JSON.parse(error.body || 'null') as unknown };
    throw error;
  }
  throw new Error(`the upgrade to ${url} was accepted`);
}

export const isVoteUpdate =
  (siteId: number, upvotes: number, downvotes: number) => (m: LiveMessage) =>
    m.type === 'vote_update' &&
    m.siteId === siteId &&
    m.upvotes === upvotes &&
    m.downvotes === downvotes;

export const isStakeUpdate = (siteId: number, totalStaked: number) => (m: LiveMessage) =>
  m.type === 'stake_update' && m.siteId === siteId && m.totalStaked === totalStaked;
