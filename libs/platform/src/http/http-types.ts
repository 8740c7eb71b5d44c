import type { IncomingMessage, ServerResponse } from 'node:http';

/** The parts of Express's request/response the platform middleware relies on (no @types/express here). */
export interface HttpRequest extends IncomingMessage {
  originalUrl?: string;
  baseUrl?: string;
  route?: { path?: unknown };
}

export interface HttpResponse extends ServerResponse {
  locals?: Record<string, unknown>;
}

export type NextFunction = (error?: unknown) => void;
export type HttpMiddleware = (req: HttpRequest, res: HttpResponse, next: NextFunction) => void;

/** res.locals key where a non-Nest handler (e.g. the gateway's proxy) names its route for metrics. */
export const METRICS_ROUTE_LOCAL = 'metricsRoute';
