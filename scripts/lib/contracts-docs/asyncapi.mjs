// The AsyncAPI 3.0 document of the Kafka topics, from libs/contracts: the topic → payload map
// (EventPayloads), the schema versions (TopicVersions), the header names (EventHeaders) and
// the topic catalogue (producer, consumers, key).
import { closureOf } from './schemas.mjs';

const KAFKA_BINDING_VERSION = '0.5.0';

export function asyncApiDocument({ schemas, topicVersions, eventHeaders, catalogue, version }) {
  const payloads = schemas.EventPayloads?.properties;
  if (!payloads) throw new Error('libs/contracts has no EventPayloads interface');
  const channels = {};
  const operations = {};
  const messages = {};
  const payloadNames = [];
  for (const topic of Object.keys(payloads).sort()) {
    const about = catalogue[topic];
    const schemaVersion = topicVersions[topic];
    if (!about || schemaVersion === undefined)
      throw new Error(`topic ${topic} lacks a TOPIC_CATALOGUE entry or a TopicVersions entry`);
    const payloadName = decodeURIComponent(payloads[topic].$ref.split('/').pop());
    payloadNames.push(payloadName);
    const messageId = payloadName;
    messages[messageId] = {
      name: payloadName,
      title: `${topic} v${schemaVersion}`,
      summary: about.summary,
      contentType: 'application/json',
      headers: headersSchema(eventHeaders, schemaVersion),
      payload: { $ref: `#/components/schemas/${payloadName}` },
      bindings: {
        kafka: {
          key: { type: 'string', description: about.key },
          bindingVersion: KAFKA_BINDING_VERSION,
        },
      },
    };
    channels[topic] = {
      address: topic,
      title: topic,
      description: `${about.summary} Record key: ${about.key} Produced by ${about.producer}${about.consumers.length ? `; consumed in Frenly by ${about.consumers.join(', ')}` : '; no Frenly service consumes it'}.`,
      messages: { [messageId]: { $ref: `#/components/messages/${messageId}` } },
      bindings: { kafka: { topic, bindingVersion: KAFKA_BINDING_VERSION } },
    };
    operations[`${camel(topic)}Send`] = {
      action: 'send',
      channel: { $ref: `#/channels/${topic}` },
      summary: `${about.producer} publishes ${topic} (through its transactional outbox).`,
      messages: [{ $ref: `#/channels/${topic}/messages/${messageId}` }],
    };
    if (about.consumers.length > 0) {
      operations[`${camel(topic)}Receive`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${topic}` },
        summary: `Consumed by ${about.consumers.join(', ')}; de-duplicated by the ${eventHeaders.EventId} header.`,
        messages: [{ $ref: `#/channels/${topic}/messages/${messageId}` }],
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Frenly events',
      version,
      description: [
        'The Kafka topics Frenly publishes. Values are JSON; every record carries the headers below. Delivery is at least once: de-duplicate by the event id header. See docs/event-stream.md for keys, ordering and versioning rules.',
        'Generated from libs/contracts by scripts/contracts-docs.mjs; do not edit by hand.',
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: 'localhost:9092',
        protocol: 'kafka',
        description:
          'The broker of KAFKA_BROKERS (docker compose: kafka:9092; `npm run infra:up`: 127.0.0.1:9092).',
      },
    },
    channels,
    operations,
    components: { messages, schemas: closureOf(schemas, payloadNames) },
  };
}

function headersSchema(eventHeaders, schemaVersion) {
  return {
    type: 'object',
    required: [eventHeaders.EventId, eventHeaders.OccurredAt, eventHeaders.SchemaVersion],
    properties: {
      [eventHeaders.EventId]: {
        type: 'string',
        format: 'uuid',
        description: 'Unique per event; the same on a redelivery: de-duplicate by it.',
      },
      [eventHeaders.OccurredAt]: {
        type: 'string',
        format: 'date-time',
        description: 'When the event was created (its state change committed).',
      },
      [eventHeaders.SchemaVersion]: {
        type: 'string',
        const: String(schemaVersion),
        description: 'Major version of the payload schema.',
      },
      [eventHeaders.RequestId]: {
        type: 'string',
        description:
          'X-Request-Id of the HTTP request that caused the event; absent for background work.',
      },
    },
  };
}

const camel = (topic) =>
  topic
    .split(/[^A-Za-z0-9]+/)
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join('');
