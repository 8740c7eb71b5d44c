import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** An upgrade turned away at the edge: the HTTP answer to write on the raw socket. */
export interface UpgradeRefusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** Headers of the answer besides the error shape's own (Retry-After, RateLimit-*). */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The edge's checks of a websocket upgrade, which bypasses Express and so every middleware:
 * establishes who is upgrading (sets the signed identity header, as the identity middleware
 * does for HTTP) and may refuse (rate limits, open-socket caps). Resolves to the refusal to
 * answer, or undefined to let the upgrade on; rejects when the session store fails (answer
 * 503). The gateway builds it; the distributed gateway runs it in its proxy, the embedded
 * runtime hands it to the realtime endpoint, since no proxy stands in between.
 */
export type UpgradeGuard = (
  req: IncomingMessage,
  socket: Duplex,
) => Promise<UpgradeRefusal | undefined>;
