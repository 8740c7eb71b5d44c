/**
 * The little logging surface the bus needs. Services pass their own structured logger
 * (adapted to this shape); the default only reports warnings and errors, as JSON lines.
 */
export interface EventsLogger {
  debug(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

const noop = (): void => undefined;

export const silentLogger: EventsLogger = { debug: noop, info: noop, warn: noop, error: noop };

function writeLine(
  level: 'warn' | 'error',
  message: string,
  context?: Record<string, unknown>,
): void {
  process.stderr.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), component: 'events', message, ...context })}\n`,
  );
}

export const stderrLogger: EventsLogger = {
  debug: noop,
  info: noop,
  warn: (message, context) => writeLine('warn', message, context),
  error: (message, context) => writeLine('error', message, context),
};

/** A short, log-friendly description of anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
