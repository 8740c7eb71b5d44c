import type { logCreator } from 'kafkajs';
import type { EventsLogger } from '../logger.js';

/**
 * Routes kafkajs's own log (ERROR level only, set on the client) into our logger as warnings:
 * they are mostly transient connection trouble that kafkajs retries, while failures that
 * matter surface as errors from publish() or as the bus's own log lines.
 */
export function kafkaLogCreator(logger: EventsLogger): logCreator {
  return () => (entry) => {
    const { message, error, groupId, topic, retryCount } = entry.log as Record<string, unknown>;
    logger.warn(`kafkajs ${entry.namespace}: ${String(message)}`, {
      ...(error !== undefined ? { error: String(error) } : {}),
      ...(groupId !== undefined ? { groupId } : {}),
      ...(topic !== undefined ? { topic } : {}),
      ...(retryCount !== undefined ? { retryCount } : {}),
    });
  };
}
