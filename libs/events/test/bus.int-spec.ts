import { InProcessEventBus, KafkaEventBus, silentLogger } from '../src/index.js';
import { busContract, type BusFixture } from './bus-contract.js';
import { TEST_KAFKA_BROKERS } from './kafka-env.js';

const handlerRetry = { initialMs: 50, maxMs: 500 };

describe('EventBus contract: in-process adapter', () => {
  busContract(
    async (): Promise<BusFixture> => ({ name: 'in-process', bus: new InProcessEventBus({ handlerRetry, logger: silentLogger }), deliveryTimeoutMs: 5_000 }),
    (fixture) => fixture.bus.close(),
  );
});

describe('EventBus contract: Kafka adapter', () => {
  busContract(
    async (): Promise<BusFixture> => ({
      name: 'kafka',
      bus: new KafkaEventBus({ brokers: TEST_KAFKA_BROKERS, clientId: 'events-contract-test', handlerRetry, logger: silentLogger }),
      deliveryTimeoutMs: 20_000,
    }),
    (fixture) => fixture.bus.close(),
  );
});
