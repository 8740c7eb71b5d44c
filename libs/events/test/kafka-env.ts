/** The broker the integration tests use (started by `npm run infra:up`). */
export const TEST_KAFKA_BROKERS = (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
