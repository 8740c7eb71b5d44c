import kafkajs, { type Admin, type Kafka } from 'kafkajs';

const { Kafka: KafkaClient, logLevel } = kafkajs;

/** Injection token of the KafkaGroupRepository, or null when the bus is not Kafka. */
export const KAFKA_GROUPS = Symbol('KAFKA_GROUPS');

/** Where the Kafka brokers are, when the bus is Kafka (absent for the in-process bus). */
export interface KafkaAdminSettings {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** The event bus's namespace: the broker's names of groups and topics carry it as a prefix. */
  readonly namespace?: string;
}

/**
 * Kafka administration of this instance's own consumer group: how far behind it is, and
 * deleting it when the instance stops (a per-instance group is never joined again).
 */
export class KafkaGroupRepository {
  private readonly kafka: Kafka;
  private admin?: Promise<Admin>;
  private readonly onBroker: (name: string) => string;

  constructor(settings: KafkaAdminSettings) {
    this.onBroker = (name) => (settings.namespace ? `${settings.namespace}.${name}` : name);
    this.kafka = new KafkaClient({
      clientId: `${settings.clientId}-admin`,
      brokers: [...settings.brokers],
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      retry: { retries: 2, initialRetryTime: 200 },
      logLevel: logLevel.NOTHING,
    });
  }

  /**
   * Events on `topics` past the group's committed offsets. A partition where the group has
   * committed nothing yet counts zero: a new per-instance group starts at the end, so it has
   * no backlog there until it has consumed (and committed) something.
   */
  async lag(group: string, topics: readonly string[]): Promise<number> {
    const admin = await this.connected();
    const committed = await admin.fetchOffsets({
      groupId: this.onBroker(group),
      topics: topics.map(this.onBroker),
    });
    let lag = 0;
    for (const { topic, partitions } of committed) {
      const ends = new Map(
        (await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]),
      );
      for (const { partition, offset } of partitions) {
        const at = Number(offset);
        const end = ends.get(partition);
        if (at >= 0 && end !== undefined && end > at) lag += end - at;
      }
    }
    return lag;
  }

  /** Deletes the group with its committed offsets; rejects when Kafka refuses (e.g. a member is still in it). */
  async deleteGroup(group: string): Promise<void> {
    const admin = await this.connected();
    await admin.deleteGroups([this.onBroker(group)]);
  }

  async close(): Promise<void> {
    const admin = await this.admin?.catch(() => undefined);
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
  }

  private connected(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      this.admin = admin.connect().then(() => admin);
      this.admin.catch(() => {
        this.admin = undefined;
      });
    }
    return this.admin;
  }
}
