import type { BusEvent } from './bus.js';

/** Rejects an event the bus could not route or de-duplicate, before anything is sent. */
export function assertPublishable(event: BusEvent): void {
  const problems: string[] = [];
  if (typeof event.id !== 'string' || event.id === '')
    problems.push('id must be a non-empty string');
  if (typeof event.topic !== 'string' || event.topic === '')
    problems.push('topic must be a non-empty string');
  if (typeof event.key !== 'string') problems.push('key must be a string');
  if (typeof event.occurredAt !== 'string' || Number.isNaN(Date.parse(event.occurredAt))) {
    problems.push('occurredAt must be an ISO timestamp');
  }
  if (event.headers === null || typeof event.headers !== 'object')
    problems.push('headers must be an object');
  else if (Object.values(event.headers).some((v) => typeof v !== 'string'))
    problems.push('header values must be strings');
  if (problems.length > 0) {
    throw new TypeError(
      `cannot publish event ${String(event.id)} on ${String(event.topic)}: ${problems.join('; ')}`,
    );
  }
}
