// Errors after which an idempotent producer's state no longer matches the broker's: its
// producer id and sequence numbers are refused until it is replaced. Seen after a broker restart
// that lost the last in-flight batch ("The broker received an out of order sequence number"):
// kafkajs keeps the producer and every later send fails the same way, so an outbox never drains.

const LOST_PRODUCER_STATE = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'UNKNOWN_PRODUCER_ID',
  'INVALID_PRODUCER_EPOCH',
  'INVALID_PRODUCER_ID_MAPPING',
]);

/** The error (or an error it wraps, as kafkajs's retry errors do) says the producer must be replaced. */
export function producerStateLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { type, cause, originalError } = current as {
      type?: unknown;
      cause?: unknown;
      originalError?: unknown;
    };
    if (typeof type === 'string' && LOST_PRODUCER_STATE.has(type)) return true;
    current = originalError ?? cause;
  }
  return false;
}
