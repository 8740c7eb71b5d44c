import type { Duplex } from 'node:stream';
import {
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { JsonLogger, type UpgradeGuard } from '@frenly/platform';
import { signedInUserOf } from '../edge/identity.middleware.js';
import { readCookie } from './cookies.js';
import { SessionRepository } from './session.repository.js';
import { hashToken, SESSION_COOKIE } from './session.service.js';
import { closeFrame, FrameBoundary, POLICY_VIOLATION } from './websocket-frames.js';

/**
 * How often an instance asks PostgreSQL whether the sessions of its open websockets still
 * exist: a sign-out through another gateway instance, or an expiry, closes them within this.
 */
export const SESSION_SOCKET_SWEEP_MS = 2_000;
/** A client that does not close after our close frame is cut off after this. */
const CLOSE_GRACE_MS = 1_000;
const SIGNED_OUT = closeFrame(POLICY_VIOLATION, 'Signed out');

interface TrackedSocket {
  readonly socket: Duplex;
  readonly boundary: FrameBoundary;
  closing: boolean;
}

/**
 * The websockets of each session, where they enter: the client's socket is in this process in
 * both runtimes (embedded: the realtime endpoint's own; distributed: the gateway's proxy end).
 * Ending a session closes its sockets with 1008 "Signed out" (the client's reconnection then
 * gets 401); other sessions of the same user keep theirs.
 */
@Injectable()
export class SessionSockets implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly bySession = new Map<string, Set<TrackedSocket>>();
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;
  private readonly log: JsonLogger;

  constructor(
    private readonly sessions: SessionRepository,
    logger: JsonLogger,
  ) {
    this.log = logger.forContext('SessionSockets');
  }

  /** Wraps the edge's upgrade guard: an upgrade it lets through is tracked under its session. */
  guard(inner: UpgradeGuard): UpgradeGuard {
    return async (req, socket) => {
      const refusal = await inner(req, socket);
      if (refusal || signedInUserOf(req) === undefined) return refusal;
      const token = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (token) this.track(hashToken(token), socket);
      return undefined;
    };
  }

  /**
   * Follows everything written to the client (the handshake answer, then frames), so that a
   * close frame of ours never lands inside a frame on its way.
   */
  track(sessionHash: string, socket: Duplex): void {
    const tracked: TrackedSocket = { socket, boundary: new FrameBoundary(), closing: false };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (tracked.closing) {
        // After our close frame nothing else may reach the client; the writer is told it went.
        const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        if (callback) process.nextTick(callback);
        return true;
      }
      tracked.boundary.observe(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8')
          : (chunk as Uint8Array),
      );
      return write(chunk, ...rest);
    }) as Duplex['write'];
    let set = this.bySession.get(sessionHash);
    if (!set) this.bySession.set(sessionHash, (set = new Set()));
    set.add(tracked);
    socket.once('close', () => {
      set.delete(tracked);
      if (set.size === 0 && this.bySession.get(sessionHash) === set)
        this.bySession.delete(sessionHash);
    });
  }

  /** Closes every websocket of the session with 1008; returns how many there were. */
  closeSession(sessionHash: string): number {
    const set = this.bySession.get(sessionHash);
    if (!set) return 0;
    this.bySession.delete(sessionHash);
    for (const tracked of set) closeSignedOut(tracked, (bytes) => tracked.socket.write(bytes));
    return set.size;
  }

  get openSockets(): number {
    let count = 0;
    for (const set of this.bySession.values()) count += set.size;
    return count;
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => void this.sweep(), SESSION_SOCKET_SWEEP_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  /** Closes the sockets of sessions that no longer exist (ended elsewhere, or expired). */
  async sweep(): Promise<void> {
    if (this.sweeping || this.bySession.size === 0) return;
    this.sweeping = true;
    try {
      const hashes = [...this.bySession.keys()];
      const live = await this.sessions.existing(hashes);
      let closed = 0;
      for (const hash of hashes) if (!live.has(hash)) closed += this.closeSession(hash);
      if (closed > 0) this.log.entry('info', 'closed websockets of ended sessions', { closed });
    } catch (error) {
      this.log.exception('checking the sessions of open websockets failed', error);
    } finally {
      this.sweeping = false;
    }
  }
}

/**
 * A close frame when the stream is between frames (then the client's own close, or the grace
 * period, ends the TCP connection); otherwise, mid-frame (rare: a piped chunk split a frame),
 * the connection is cut at once, which the client sees as 1006 and whose reconnection is refused.
 */
function closeSignedOut(tracked: TrackedSocket, send: (bytes: Buffer) => void): void {
  if (tracked.closing) return;
  const { socket } = tracked;
  if (socket.destroyed) return;
  if (!tracked.boundary.atBoundary) {
    tracked.closing = true;
    socket.destroy();
    return;
  }
  send(SIGNED_OUT);
  tracked.closing = true;
  socket.end();
  setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
}
