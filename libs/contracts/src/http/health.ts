export type CheckStatus = 'up' | 'down';

export interface HealthCheckResult {
  status: CheckStatus;
  detail?: string;
}

/** Body of /health/ready: overall status plus one entry per dependency (database, bus, queue, services). */
export interface ReadinessResponse {
  status: 'ready' | 'not-ready';
  service: string;
  checks: Record<string, HealthCheckResult>;
}

/** One JSON error shape across services. */
export interface ErrorResponse {
  statusCode: number;
  error: string;
  message: string | string[];
  code?: string;
  requestId?: string;
}

/** Body of /health/live: 200 while the process runs. */
export interface LivenessResponse {
  status: 'live';
}
