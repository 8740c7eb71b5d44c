import type { KafkaMessage } from 'kafkajs';
import type { BusEvent } from '../bus.js';
import {
  decodeEvent,
  encodeEvent,
  EVENT_ID_HEADER,
  UndecodableMessageError,
} from './kafka-message-codec.js';

const event: BusEvent = {
  id: '3f1c1f4e-2a51-4a8e-9a55-0a3a8f7f2b10',
  topic: 'ledger.vote-cast',
  key: '42',
  payload: { siteId: 42, vote: 'up', note: 'ünïcode' },
  occurredAt: '2026-11-02T10:00:00.123Z',
  headers: { 'schema-version': '1', 'request-id': 'r-1' },
};

/** What kafkajs hands a consumer for a record the producer wrote. */
function asReceived(message: ReturnType<typeof encodeEvent>, offset = '7'): KafkaMessage {
  const headers = Object.fromEntries(
    Object.entries(message.headers ?? {}).map(([k, v]) => [k, Buffer.from(String(v))]),
  );
  return {
    key: Buffer.from(String(message.key)),
    value: Buffer.from(String(message.value)),
    headers,
    timestamp: String(message.timestamp),
    offset,
    attributes: 0,
  };
}

describe('kafka message codec', () => {
  it('round-trips an event: key, JSON value, id, time and custom headers', () => {
    const message = encodeEvent(event);
    expect(message.key).toBe('42');
    expect(JSON.parse(String(message.value))).toEqual(event.payload);
    expect(decodeEvent(event.topic, asReceived(message))).toEqual(event);
  });

  it('does not let a custom header override the event id', () => {
    const message = encodeEvent({ ...event, headers: { [EVENT_ID_HEADER]: 'forged' } });
    expect(decodeEvent(event.topic, asReceived(message)).id).toBe(event.id);
  });

  it('refuses a record without an event id or with a non-JSON value', () => {
    const message = asReceived(encodeEvent(event));
    expect(() => decodeEvent('t', { ...message, headers: {} } as KafkaMessage)).toThrow(
      UndecodableMessageError,
    );
    expect(() => decodeEvent('t', { ...message, value: Buffer.from('{nope') })).toThrow(
      UndecodableMessageError,
    );
  });
});
