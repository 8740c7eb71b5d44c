import { LIVE_SOCKET_PATH } from '@frenly/contracts';

/** Where the live socket lives: /ws on this host, wss when the page is https (spec §7). */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;
}

export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … up to 30 s, each ±20 %. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface LiveSocketOptions {
  url: string;
  onMessage: (data: unknown) => void;
  createSocket?: (url: string) => WebSocket;
  schedule?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancel?: (handle: ReturnType<typeof setTimeout>) => void;
  random?: () => number;
}

/** Holds one socket open, reconnecting with backoff after every close, until stopped. */
export function openLiveSocket(options: LiveSocketOptions): { close: () => void } {
  const {
    url,
    onMessage,
    createSocket = (u) => new WebSocket(u),
    schedule = (run, ms) => setTimeout(run, ms),
    cancel = (handle) => clearTimeout(handle),
    random,
  } = options;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  function connect() {
    timer = null;
    if (stopped) return;
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
    };
    ws.onmessage = (event: MessageEvent) => onMessage(event.data);
    ws.onclose = () => {
      socket = null;
      if (stopped) return;
      timer = schedule(connect, reconnectDelay(attempt, random));
      attempt += 1;
    };
    ws.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
  }

  connect();
  return {
    close() {
      stopped = true;
      if (timer !== null) cancel(timer);
      socket?.close();
      socket = null;
    },
  };
}
