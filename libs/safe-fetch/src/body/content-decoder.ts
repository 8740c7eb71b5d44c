import { Transform, type TransformCallback } from 'node:stream';
import {
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type BrotliDecompress,
  type Gunzip,
  type Inflate,
  type InflateRaw,
} from 'node:zlib';
import { SafeFetchError, SafeFetchErrorCode } from '../safe-fetch-error.js';

/** What we ask for in Accept-Encoding; nothing else is decoded. */
export const SUPPORTED_ENCODINGS = ['gzip', 'deflate', 'br'] as const;
type Encoding = (typeof SUPPORTED_ENCODINGS)[number];
type Decompressor = Gunzip | Inflate | InflateRaw | BrotliDecompress;

/**
 * The encodings of a Content-Encoding header in the order they must be undone (last applied
 * first), `identity` dropped. Throws for an encoding we never asked for.
 */
export function decodingOrder(header: string | undefined): Encoding[] {
  const applied = (header ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '' && token !== 'identity')
    .map((token) => (token === 'x-gzip' ? 'gzip' : token));
  for (const token of applied) {
    if (!(SUPPORTED_ENCODINGS as readonly string[]).includes(token)) {
      throw new SafeFetchError(
        SafeFetchErrorCode.ContentDecodingFailed,
        `Unsupported Content-Encoding "${token}" (asked for ${SUPPORTED_ENCODINGS.join(', ')})`,
      );
    }
  }
  if (applied.length > SUPPORTED_ENCODINGS.length) {
    throw new SafeFetchError(
      SafeFetchErrorCode.ContentDecodingFailed,
      `Too many content encodings: "${header}"`,
    );
  }
  return (applied as Encoding[]).reverse();
}

/**
 * Undoes the given encodings. The decompressors are created on the first byte: an empty body
 * (HEAD, 204, 304, or simply empty) is valid whatever the header says, and the first byte
 * tells zlib-wrapped deflate from raw deflate (servers send both).
 */
export class ContentDecoder extends Transform {
  private stages: Decompressor[] = [];

  constructor(private readonly encodings: readonly Encoding[]) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const head = this.stages[0] ?? this.start(chunk);
    if (head.write(chunk)) callback();
    else head.once('drain', () => callback());
  }

  override _flush(callback: TransformCallback): void {
    const head = this.stages[0];
    const tail = this.stages.at(-1);
    if (!head || !tail) return callback();
    tail.once('end', () => callback());
    head.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    for (const stage of this.stages) stage.destroy();
    callback(error);
  }

  private start(first: Buffer): Decompressor {
    this.stages = this.encodings.map((encoding, index) =>
      decompressorFor(encoding, index === 0 ? first : undefined),
    );
    this.stages.forEach((stage, index) => {
      stage.on('error', (error: Error) => this.destroy(decodingError(error)));
      const next = this.stages[index + 1];
      if (next) stage.pipe(next);
      else stage.on('data', (data: Buffer) => this.push(data));
    });
    return this.stages[0] as Decompressor;
  }
}

function decompressorFor(encoding: Encoding, firstChunk: Buffer | undefined): Decompressor {
  switch (encoding) {
    case 'gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate': {
      // A zlib header's first byte has compression method 8 in its low nibble (RFC 1950).
      const zlibWrapped = firstChunk === undefined || ((firstChunk[0] ?? 0) & 0x0f) === 0x08;
      return zlibWrapped ? createInflate() : createInflateRaw();
    }
  }
}

function decodingError(error: Error): SafeFetchError {
  return new SafeFetchError(
    SafeFetchErrorCode.ContentDecodingFailed,
    `The compressed body could not be decoded: ${error.message}`,
    { cause: error },
  );
}
