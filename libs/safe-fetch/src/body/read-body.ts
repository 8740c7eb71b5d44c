import type { IncomingMessage } from 'node:http';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SafeFetchError, SafeFetchErrorCode } from '../safe-fetch-error.js';
import { ContentDecoder, decodingOrder } from './content-decoder.js';

export interface BodyLimits {
  /** Applies to the bytes on the wire AND to the decompressed body. */
  readonly maxBytes: number;
}

/** Refuses before reading anything when Content-Length already announces too much. */
export function checkAnnouncedLength(response: IncomingMessage, { maxBytes }: BodyLimits): void {
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    throw tooLarge(
      `the response announces ${announced} bytes, more than the ${maxBytes}-byte limit`,
    );
  }
}

/**
 * Reads the body, undoing gzip/deflate/br, and aborts the moment either the wire bytes or the
 * decoded bytes pass the limit (a small gzip bomb stops at the limit, not at its full size).
 */
export async function readBody(response: IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const encodings = decodingOrder(response.headers['content-encoding']);
  const chunks: Buffer[] = [];
  const stages = [
    response,
    new ByteLimit(limits.maxBytes, 'received'),
    ...(encodings.length > 0
      ? [new ContentDecoder(encodings), new ByteLimit(limits.maxBytes, 'decompressed')]
      : []),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    }),
  ] as const;
  await pipeline(stages);
  return Buffer.concat(chunks);
}

class ByteLimit extends Transform {
  private seen = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly what: 'received' | 'decompressed',
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) {
      callback(tooLarge(`more than ${this.maxBytes} bytes ${this.what}; stopped reading`));
    } else {
      callback(null, chunk);
    }
  }
}

function tooLarge(reason: string): SafeFetchError {
  return new SafeFetchError(SafeFetchErrorCode.BodyTooLarge, `Refused: body too large (${reason})`);
}
