import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from '@frenly/contracts';
import { REQUEST_ID_HEADER, reasonPhrase, type HttpRequest } from '@frenly/platform';

/** The platform's JSON error shape, for middleware that answers before Nest's filter can. */
export function writeError(
  req: HttpRequest,
  res: ServerResponse,
  statusCode: number,
  message: string,
  code: string,
): void {
  const requestId = req.headers[REQUEST_ID_HEADER];
  const body: ErrorResponse = {
    statusCode,
    error: reasonPhrase(statusCode),
    message,
    code,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}
