import type { EventsLogger } from '@frenly/events';
import type { JsonLogger } from '../logging/json-logger.js';

/** The bus's and the relay's logging surface, written as the service's JSON lines. */
export function eventsLoggerOf(logger: JsonLogger): EventsLogger {
  return {
    debug: (message, fields) => logger.entry('debug', message, fields),
    info: (message, fields) => logger.entry('info', message, fields),
    warn: (message, fields) => logger.entry('warn', message, fields),
    error: (message, fields) => logger.entry('error', message, fields),
  };
}
