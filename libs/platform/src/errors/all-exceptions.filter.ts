import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ErrorResponse } from '@frenly/contracts';
import type { HttpRequest, HttpResponse } from '../http/http-types.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { REQUEST_ID_HEADER, currentRequestId } from '../logging/request-context.js';
import { toErrorResponse } from './error-response.js';

/**
 * The one exception filter: every error leaves as `{statusCode, error, message, code?, requestId}`.
 * Server errors are logged once, with their stack; their details never reach the client.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger: JsonLogger;

  constructor(logger: JsonLogger) {
    this.logger = logger.forContext('ExceptionFilter');
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') {
      this.logger.exception('unhandled error outside HTTP', exception);
      return;
    }
    const http = host.switchToHttp();
    const req = http.getRequest<HttpRequest>();
    const res = http.getResponse<HttpResponse>();
    const header = req.headers[REQUEST_ID_HEADER];
    const requestId = currentRequestId() ?? (typeof header === 'string' ? header : undefined);
    const { body, hidden } = toErrorResponse(exception);

    if (hidden || body.statusCode >= 500) {
      this.logger.exception('request failed', exception, {
        requestId,
        method: req.method,
        path: req.originalUrl ?? req.url,
        status: body.statusCode,
      });
    }
    if (res.headersSent) {
      res.destroy(); // too late for an error body: cut the response so the client sees a failure
      return;
    }
    const payload: ErrorResponse = { ...body, requestId };
    res.statusCode = body.statusCode;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(payload));
  }
}
