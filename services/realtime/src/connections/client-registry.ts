/** The parts of a `ws` WebSocket the registry uses (tests hand it fakes). */
export interface LiveSocket {
  readonly readyState: number;
  /** Bytes queued in user space that the kernel has not taken yet. */
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: false }): void;
  ping(): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** WebSocket.OPEN */
const OPEN = 1;

/** "Service Restart" (RFC 6455 registry): the server is restarting, reconnect. */
export const CLOSE_SERVICE_RESTART = 1012;

export interface ConnectedClient {
  readonly socket: LiveSocket;
  readonly userId: string;
  /** Cleared by each ping sweep, set again by the client's pong (or any frame it sends). */
  alive: boolean;
  /** Malformed messages received from this client (only the first few are logged). */
  malformed: number;
  /** Which heartbeat slice pings this client. */
  readonly slice: number;
}

export interface BroadcastResult {
  readonly sent: number;
  /** Clients disconnected because their backlog would have passed the bound. */
  readonly droppedSlow: number;
}

export interface SweepResult {
  readonly pinged: number;
  /** Clients that never answered the previous ping: terminated. */
  readonly droppedDead: number;
}

/**
 * The clients connected to this instance, and the three things done to all of them: fan a
 * message out, sweep heartbeats, close everyone. Nothing here awaits a socket: `send` only
 * queues, and a client whose queue would pass `maxBufferedBytes` is cut off instead of
 * being waited for, so one slow reader never delays the others.
 */
export class ClientRegistry {
  private readonly clients = new Set<ConnectedClient>();
  private added = 0;

  /**
   * @param heartbeatSlices clients are spread over this many slices, one swept at a time, so
   * that pinging thousands of sockets never comes as one burst in front of a broadcast.
   */
  constructor(
    private readonly maxBufferedBytes: number,
    readonly heartbeatSlices = 1,
  ) {}

  add(socket: LiveSocket, userId: string): ConnectedClient {
    const client: ConnectedClient = {
      socket,
      userId,
      alive: true,
      malformed: 0,
      slice: this.added++ % this.heartbeatSlices,
    };
    this.clients.add(client);
    return client;
  }

  remove(client: ConnectedClient): void {
    this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  /** Queues one already-serialised message on every open socket. */
  broadcast(data: Buffer): BroadcastResult {
    let sent = 0;
    let droppedSlow = 0;
    for (const client of this.clients) {
      const { socket } = client;
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount + data.length > this.maxBufferedBytes) {
        // Its queue is full of frames it has not read: a close frame would wait behind them.
        this.clients.delete(client);
        socket.terminate();
        droppedSlow++;
        continue;
      }
      socket.send(data, { binary: false });
      sent++;
    }
    return { sent, droppedSlow };
  }

  /**
   * One heartbeat round of one slice: drops its clients that stayed silent since their last
   * ping, pings the others. Sweeping every slice in turn visits each client once per round.
   */
  sweep(slice = 0): SweepResult {
    let pinged = 0;
    let droppedDead = 0;
    for (const client of this.clients) {
      if (client.slice !== slice) continue;
      if (!client.alive) {
        this.clients.delete(client);
        client.socket.terminate();
        droppedDead++;
        continue;
      }
      if (client.socket.readyState !== OPEN) continue;
      client.alive = false;
      client.socket.ping();
      pinged++;
    }
    return { pinged, droppedDead };
  }

  /** Starts the closing handshake with every client (1012: reconnect). */
  closeAll(code = CLOSE_SERVICE_RESTART, reason = 'Service restart'): void {
    for (const client of this.clients) client.socket.close(code, reason);
  }

  /** Destroys whatever sockets are still registered. */
  terminateAll(): void {
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
  }
}
