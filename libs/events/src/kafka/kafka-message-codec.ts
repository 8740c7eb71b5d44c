import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import { EventHeaders } from '@frenly/contracts';
import type { BusEvent } from '../bus.js';

/** Headers reserved by the bus; an event's own headers travel beside them (names: EventHeaders, a contract). */
export const EVENT_ID_HEADER = EventHeaders.EventId;
export const OCCURRED_AT_HEADER = EventHeaders.OccurredAt;
const RESERVED = new Set<string>([EVENT_ID_HEADER, OCCURRED_AT_HEADER]);

/** Kafka record of an event: key = event key, value = JSON payload, headers = id, time and custom headers. */
export function encodeEvent(event: BusEvent): Message {
  const headers: IHeaders = {};
  for (const [name, value] of Object.entries(event.headers)) {
    if (!RESERVED.has(name)) headers[name] = value;
  }
  headers[EVENT_ID_HEADER] = event.id;
  headers[OCCURRED_AT_HEADER] = event.occurredAt;
  const value = JSON.stringify(event.payload);
  if (value === undefined)
    throw new TypeError(`event ${event.id}: payload is not JSON-serialisable`);
  return { key: event.key, value, headers, timestamp: String(Date.parse(event.occurredAt)) };
}

export class UndecodableMessageError extends Error {
  override readonly name = 'UndecodableMessageError';
}

/** The event carried by a Kafka record; throws `UndecodableMessageError` for records not written by the bus. */
export function decodeEvent(topic: string, message: KafkaMessage): BusEvent {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(message.headers ?? {})) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value !== undefined) headers[name] = value.toString();
  }
  const id = headers[EVENT_ID_HEADER];
  if (!id)
    throw new UndecodableMessageError(
      `record at offset ${message.offset} has no ${EVENT_ID_HEADER} header`,
    );
  const occurredAt =
    headers[OCCURRED_AT_HEADER] ?? new Date(Number(message.timestamp)).toISOString();
  for (const name of RESERVED) delete headers[name];
  let payload: unknown;
  try {
    payload = message.value === null ? null : (JSON.parse(message.value.toString()) as unknown);
  } catch (error) {
    throw new UndecodableMessageError(
      `record ${id} at offset ${message.offset}: value is not JSON (${String(error)})`,
    );
  }
  return { id, topic, key: message.key?.toString() ?? '', payload, occurredAt, headers };
}
