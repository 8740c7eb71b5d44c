import {
  REQUEST_ID_HEADER,
  isAcceptableRequestId,
  newRequestId,
  runWithRequestContext,
} from '../logging/request-context.js';
import type { HttpMiddleware } from './http-types.js';

/**
 * Accepts a sane incoming X-Request-Id or makes one, echoes it on the response, writes it
 * back on the request (so proxies forward it) and runs the rest of the request inside its
 * AsyncLocalStorage context.
 */
export function requestIdMiddleware(): HttpMiddleware {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const requestId = isAcceptableRequestId(incoming) ? incoming : newRequestId();
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader('X-Request-Id', requestId);
    runWithRequestContext({ requestId }, () => next());
  };
}
