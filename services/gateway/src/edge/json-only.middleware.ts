import type { IncomingMessage } from 'node:http';
import type { HttpMiddleware } from '@frenly/platform';
import { canonicalPath } from './canonical-path.js';
import { writeError } from './write-error.js';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API = /^\/api(\/|$)/;
/** Sign-in and sign-out take no body; the sign-out page posts an empty form to /api/logout. */
const BODYLESS_ROUTES = /^\/api\/(login|logout)\/?$/;

/**
 * Refuses (415) an API request that carries a body in anything but JSON. The API's bodies are
 * JSON; a form or text body is what a page on another site can make a browser send without a
 * preflight (a "simple" request), so accepting it only widens the door for cross-site writes.
 * Runs at the edge, ahead of forwarding, so it holds for in-process and forwarded routes alike.
 */
export function jsonOnlyMiddleware(): HttpMiddleware {
  return (req, res, next) => {
    if (!WITH_BODY.has(req.method ?? 'GET') || !hasBody(req)) return next();
    const path = canonicalPath(req.url);
    if (!API.test(path) || BODYLESS_ROUTES.test(path) || isJson(req)) return next();
    const type = (req.headers['content-type'] ?? 'none').slice(0, 80);
    req.resume(); // the body is not wanted; let it drain while we answer
    writeError(
      req,
      res,
      415,
      `API request bodies must be JSON (Content-Type: application/json), not ${type}`,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  };
}

/** A body follows when it has a non-zero length or streams in chunks. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length.trim() !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/** `application/json`, with or without parameters (charset), in any case. */
function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}
