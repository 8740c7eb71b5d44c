import type { JsonLogger } from '../logging/json-logger.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import {
  METRICS_ROUTE_LOCAL,
  type HttpMiddleware,
  type HttpRequest,
  type HttpResponse,
} from './http-types.js';

// Probes hit these every few seconds: log them at debug level only.
const QUIET_PATHS = /^\/(health\/(live|ready)|metrics)$/;

/** One access-log line and one histogram observation per request, when the response ends. */
export function requestObserverMiddleware(
  logger: JsonLogger,
  metrics: MetricsService,
): HttpMiddleware {
  const accessLog = logger.forContext('http');
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = res.getHeader('X-Request-Id');
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = (req.originalUrl ?? req.url ?? '/').split('?')[0] ?? '/';
      // A client that went away before the response ended gets the conventional 499.
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeLabel(req, res);
      metrics.observeHttpRequest(req.method ?? 'GET', route, status, seconds);
      accessLog.entry(QUIET_PATHS.test(path) ? 'debug' : 'info', 'request', {
        requestId,
        method: req.method,
        path,
        route,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
      });
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}

/** The route template (bounded cardinality), never the raw path. */
function routeLabel(req: HttpRequest, res: HttpResponse): string {
  const named = res.locals?.[METRICS_ROUTE_LOCAL];
  if (typeof named === 'string') return named;
  const routePath = req.route?.path;
  if (typeof routePath === 'string') return `${req.baseUrl ?? ''}${routePath}` || '/';
  return 'unmatched';
}
