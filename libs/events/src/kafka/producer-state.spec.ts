import { createRequire } from 'node:module';
import kafkajs from 'kafkajs';
import { producerStateLost } from './producer-state.js';

const { KafkaJSNumberOfRetriesExceeded, KafkaJSConnectionError } = kafkajs;
// kafkajs's own table of broker error codes, as its protocol layer raises them.
const { createErrorFromCode } = createRequire(import.meta.url)('kafkajs/src/protocol/error') as {
  createErrorFromCode(code: number): Error & { type: string };
};

/** The protocol error kafkajs raises for a broker error code (45: out of order sequence number). */
const protocolError = (code: number) => createErrorFromCode(code);

describe(producerStateLost.name, () => {
  it('says so for the errors that leave an idempotent producer out of step with the broker', () => {
    expect(protocolError(45).type).toBe('OUT_OF_ORDER_SEQUENCE_NUMBER');
    expect(producerStateLost(protocolError(45))).toBe(true);
    expect(producerStateLost(protocolError(59))).toBe(true); // UNKNOWN_PRODUCER_ID
    expect(producerStateLost(protocolError(47))).toBe(true); // INVALID_PRODUCER_EPOCH
  });

  it('finds them inside the retry error kafkajs wraps them in', () => {
    expect(
      producerStateLost(
        new KafkaJSNumberOfRetriesExceeded(protocolError(45), { retryCount: 5, retryTime: 100 }),
      ),
    ).toBe(true);
  });

  it('leaves a producer alone for errors it recovers from by itself', () => {
    expect(producerStateLost(new KafkaJSConnectionError('Connection error: ECONNREFUSED'))).toBe(
      false,
    );
    expect(producerStateLost(protocolError(6))).toBe(false); // NOT_LEADER_FOR_PARTITION
    expect(producerStateLost(new Error('the event bus is closed'))).toBe(false);
    expect(producerStateLost(undefined)).toBe(false);
  });
});
