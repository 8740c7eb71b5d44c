/**
 * Just enough of the websocket framing (RFC 6455 §5.2) for the gateway to end a client's socket
 * itself: a server's close frame, and where the frames written to the client begin and end.
 * The bytes come either from the in-process realtime endpoint (ws writes whole frames) or piped
 * from a realtime instance (chunks may split a frame); a close frame may only go between two.
 */

/** Policy Violation: the server ends the connection because of who holds it (signed out). */
export const POLICY_VIOLATION = 1008;

/** An unmasked close frame (servers never mask) with a code and a short UTF-8 reason. */
export function closeFrame(code: number, reason: string): Buffer {
  const text = Buffer.from(reason, 'utf8').subarray(0, 123); // control payloads are ≤ 125 bytes
  const frame = Buffer.alloc(4 + text.length);
  frame[0] = 0x88; // FIN + opcode 8 (close)
  frame[1] = 2 + text.length;
  frame.writeUInt16BE(code, 2);
  text.copy(frame, 4);
  return frame;
}

const HEADERS_END = Buffer.from('\r\n\r\n');

/**
 * Follows the bytes written to one client: first the HTTP answer to the upgrade, then frames.
 * `atBoundary` says whether a frame of our own could be written now without splitting one.
 */
export class FrameBoundary {
  private handshakeDone = false;
  /** The last bytes of the handshake seen so far, to find its end across chunks. */
  private handshakeTail = Buffer.alloc(0);
  private header: number[] = [];
  private payloadLeft = 0;

  get atBoundary(): boolean {
    return this.handshakeDone && this.header.length === 0 && this.payloadLeft === 0;
  }

  observe(chunk: Uint8Array): void {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.handshakeDone) {
      const joined = Buffer.concat([this.handshakeTail, bytes]);
      const end = joined.indexOf(HEADERS_END);
      if (end < 0) {
        this.handshakeTail = joined.subarray(Math.max(0, joined.length - 3));
        return;
      }
      this.handshakeDone = true;
      bytes = joined.subarray(end + HEADERS_END.length);
    }
    let i = 0;
    while (i < bytes.length) {
      if (this.payloadLeft > 0) {
        const take = Math.min(this.payloadLeft, bytes.length - i);
        this.payloadLeft -= take;
        i += take;
        continue;
      }
      this.header.push(bytes[i++]!);
      const length = headerLength(this.header);
      if (length !== undefined && this.header.length === length) {
        this.payloadLeft = payloadLength(this.header);
        this.header = [];
      }
    }
  }
}

/** The full header's length once its first two bytes are known. */
function headerLength(header: readonly number[]): number | undefined {
  if (header.length < 2) return undefined;
  const len7 = header[1]! & 0x7f;
  const extended = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
  const mask = header[1]! & 0x80 ? 4 : 0;
  return 2 + extended + mask;
}

function payloadLength(header: readonly number[]): number {
  const len7 = header[1]! & 0x7f;
  if (len7 < 126) return len7;
  if (len7 === 126) return (header[2]! << 8) | header[3]!;
  let length = 0;
  for (let i = 2; i < 10; i++) length = length * 256 + header[i]!;
  return length;
}
