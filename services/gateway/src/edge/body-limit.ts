import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { HttpMiddleware, HttpRequest, NextFunction } from '@frenly/platform';
import { writeError } from './write-error.js';

/**
 * 413 in the JSON error shape. The connection closes afterwards: the rest of an oversized
 * body is not worth reading, and a keep-alive connection would have to read it all first.
 */
export function answerPayloadTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader('Connection', 'close');
  writeError(
    req,
    res,
    413,
    `The request body is larger than ${maxBytes} bytes`,
    'PAYLOAD_TOO_LARGE',
  );
}

/**
 * Refuses a request whose Content-Length already says it is too large, before a byte of the
 * body is read. Bodies without a length (chunked) are bounded while they stream: by the body
 * parsers below for the routes this process serves, by the forwarder for forwarded ones.
 */
export function declaredBodyLimitMiddleware(maxBytes: number): HttpMiddleware {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes)
      return answerPayloadTooLarge(req, res, maxBytes);
    next();
  };
}

/**
 * JSON and form parsers bounded to `maxBytes`, for the routes this process serves itself.
 * Registered through Nest, they take the place of the default parsers (100 kB) Nest would
 * add at init; their "too large" error leaves as our 413 rather than body-parser's wording.
 * Install them after any forwarding, so that forwarded bodies stream through unparsed.
 */
export function installBoundedBodyParsers(app: NestExpressApplication, maxBytes: number): void {
  app.useBodyParser('json', { limit: maxBytes });
  app.useBodyParser('urlencoded', { limit: maxBytes, extended: true });
  app.use((error: unknown, req: HttpRequest, res: ServerResponse, next: NextFunction) => {
    if ((error as { type?: unknown } | null)?.type === 'entity.too.large') {
      req.resume(); // body-parser stopped reading; let the rest drain while we answer
      return answerPayloadTooLarge(req, res, maxBytes);
    }
    next(error);
  });
}
