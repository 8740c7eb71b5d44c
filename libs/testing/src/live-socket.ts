import { WebSocket } from 'ws';

/** A websocket client as the live-update specs use it: what it received and how it closed. */
export interface LiveSocket {
  readonly socket: WebSocket;
  /** Every message received, as text, from the first. */
  readonly messages: string[];
  /** Resolves with the close code and reason the client saw. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens a websocket to `url` with `headers`. Resolves once it is open, or with `untilFirstMessage`
 * once the server's first message (a greeting) arrived; rejects with the status of a refused
 * upgrade. Sockets are added to `opened` so the spec can close them all afterwards.
 */
export function openLiveSocket(
  url: string,
  headers: Record<string, string>,
  options: { opened?: WebSocket[]; untilFirstMessage?: boolean } = {},
): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    options.opened?.push(socket);
    const messages: string[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    const live = { socket, messages, closed };
    socket.on('message', (data: Buffer) => {
      messages.push(data.toString());
      if (options.untilFirstMessage && messages.length === 1) resolve(live);
    });
    if (!options.untilFirstMessage) socket.once('open', () => resolve(live));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

/** The close the client saw, or a failure naming what did not happen in time. */
export function closedWithin(
  live: LiveSocket,
  timeoutMs = 3_000,
): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`socket still open after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([live.closed, late]).finally(() => clearTimeout(timer));
}
