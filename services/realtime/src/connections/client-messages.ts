import type { LivePingMessage } from '@frenly/contracts';

export type ClientMessageVerdict =
  | { readonly ok: true; readonly message: LivePingMessage }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads one frame a client sent. The protocol is server → client; the only thing a client may
 * say is `{"type":"ping"}`. Anything else is reported as malformed (and ignored by the caller).
 */
export function parseClientMessage(data: Buffer, isBinary: boolean): ClientMessageVerdict {
  if (isBinary) return { ok: false, problem: 'binary frame' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, problem: 'not a JSON object' };
  const type = (parsed as Record<string, unknown>).type;
  if (type === 'ping') return { ok: true, message: { type: 'ping' } };
  return {
    ok: false,
    problem: typeof type === 'string' ? `unknown type "${type.slice(0, 40)}"` : 'no type',
  };
}
