import type { Duplex } from 'node:stream';
import type { OpenWebsocketCaps } from './edge-settings.js';

/** Which cap an upgrade ran into. */
export interface OpenSocketsFull {
  readonly scope: 'user' | 'ip';
  readonly cap: number;
}

/**
 * Websockets held open through this process, per signed-in user and per client address, so
 * that one client cannot hold thousands of them (each costs a socket here, and in distributed
 * mode another one to the realtime service). A socket counts from its upgrade until it closes,
 * refused or not, whatever ends it. Counted in this process's memory: a count of open sockets
 * belongs to the process holding them (a shared store would keep the counts of a crashed
 * process forever), so with several gateway processes the caps hold per process.
 */
export class OpenSocketCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly caps: OpenWebsocketCaps) {}

  /**
   * Counts `socket` against its address (and user, when signed in) until it closes, or
   * answers the cap it would pass (then nothing is counted). A socket already destroyed is
   * not counted: its `close` may have fired already.
   */
  admit(socket: Duplex, address: string, userId: string | undefined): OpenSocketsFull | undefined {
    const held: Array<[key: string, cap: number, scope: OpenSocketsFull['scope']]> = [];
    if (userId !== undefined) held.push([`user:${userId}`, this.caps.perUser, 'user']);
    held.push([`ip:${address}`, this.caps.perIp, 'ip']);
    for (const [key, cap, scope] of held) {
      if ((this.counts.get(key) ?? 0) >= cap) return { scope, cap };
    }
    if (socket.destroyed) return undefined;
    for (const [key] of held) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    socket.once('close', () => {
      for (const [key] of held) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    });
    return undefined;
  }

  /** Sockets open for `key` (`ip:<address>` or `user:<id>`). */
  openFor(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
