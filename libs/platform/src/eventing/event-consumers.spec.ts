import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Topics } from '@frenly/contracts';
import {
  makeEvent,
  type BusEvent,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { EVENT_BUS } from '../infra/tokens.js';
import { JsonLogger } from '../logging/json-logger.js';
import { EventConsumers } from './event-consumers.js';
import { withEventConsumers } from './event-consumers.providers.js';
import { OnBusEvent } from './on-bus-event.decorator.js';

/** A bus that records subscriptions and lets the test deliver events to them. */
class FakeBus implements EventBus {
  readonly subscriptions: Array<SubscribeOptions & { closed: boolean }> = [];

  async publish(): Promise<void> {}
  async ping(): Promise<void> {}
  async close(): Promise<void> {}

  /** Groups whose subscription the broker refuses. */
  readonly refuse = new Set<string>();

  async subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
    if (this.refuse.has(options.group)) throw new Error(`cannot join ${options.group}`);
    const entry = { ...(options as SubscribeOptions), closed: false };
    this.subscriptions.push(entry);
    return {
      close: async () => {
        entry.closed = true;
      },
    };
  }

  /** Delivers `event` to the group's handler as the bus would (rejects when the handler does). */
  deliver(group: string, event: BusEvent): Promise<void> {
    const subscription = this.subscriptions.find((s) => s.group === group && !s.closed);
    if (!subscription) throw new Error(`no open subscription of group ${group}`);
    return subscription.handler(event);
  }
}

const indexed = (siteId: unknown) =>
  makeEvent(Topics.SiteIndexed, 1, {
    siteId: siteId as number,
    url: 'https://a.example/',
    domain: 'a.example',
    title: 'A',
    indexedAt: '2026-01-01T00:00:00.000Z',
  });

const vote = () =>
  makeEvent(Topics.VoteCast, 7, {
    siteId: 7,
    userId: 'u1',
    vote: 'up',
    upvotes: 1,
    downvotes: 0,
    siteVersion: 1,
  });

@Injectable()
class CatalogueConsumer {
  readonly seen: BusEvent[] = [];
  readonly group = 'catalogue';
  failNext = false;

  @OnBusEvent({
    topic: Topics.SiteIndexed,
    group: (consumer: CatalogueConsumer) => consumer.group,
    check: (payload) => (payload.siteId < 1 ? 'siteId must be positive' : undefined),
  })
  async onIndexed(event: TypedEvent<typeof Topics.SiteIndexed>): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database away');
    }
    this.seen.push(event);
  }

  @OnBusEvent({ topic: Topics.VoteCast, group: 'catalogue' })
  onVote(event: TypedEvent<typeof Topics.VoteCast>): void {
    this.seen.push(event);
  }

  /** Not decorated: never subscribed. */
  async helper(): Promise<void> {}
}

@Injectable()
class LiveConsumer {
  readonly seen: BusEvent[] = [];

  @OnBusEvent({ topic: Topics.VoteCast, group: 'live', start: () => 'newest' })
  async onVote(event: TypedEvent<typeof Topics.VoteCast>): Promise<void> {
    this.seen.push(event);
  }
}

@Module({})
class CatalogueModule {}
@Module({})
class LiveModule {}

async function start(
  bus: FakeBus,
  lines: string[],
  modules: Array<{ module: typeof CatalogueModule; providers: unknown[] }>,
) {
  const logger = new JsonLogger({
    service: 'test',
    level: 'debug',
    write: (line) => lines.push(line),
  });
  const app = await Test.createTestingModule({
    imports: modules.map(({ module, providers }) =>
      withEventConsumers({
        module,
        providers: [
          { provide: EVENT_BUS, useValue: bus },
          { provide: JsonLogger, useValue: logger },
          ...(providers as []),
        ],
      }),
    ),
  }).compile();
  await app.init();
  return app;
}

describe(EventConsumers.name, () => {
  let bus: FakeBus;
  let lines: string[];

  beforeEach(() => {
    bus = new FakeBus();
    lines = [];
  });

  it("subscribes one subscription per group of the module's own handlers, with its start position", async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
      { module: LiveModule, providers: [LiveConsumer] },
    ]);
    const subscribed = bus.subscriptions
      .map(({ group, topics, fromBeginning }) => ({
        group,
        topics: [...topics].sort(),
        fromBeginning,
      }))
      .sort((a, b) => a.group.localeCompare(b.group));
    expect(subscribed).toEqual([
      {
        group: 'catalogue',
        topics: [Topics.VoteCast, Topics.SiteIndexed].sort(),
        fromBeginning: true,
      },
      { group: 'live', topics: [Topics.VoteCast], fromBeginning: false },
    ]);
    await app.close();
    expect(bus.subscriptions.map((s) => s.closed)).toEqual([true, true]);
  });

  it('hands each topic its own handler, and each module only its own events', async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
      { module: LiveModule, providers: [LiveConsumer] },
    ]);
    const catalogue = app.get(CatalogueConsumer);
    const live = app.get(LiveConsumer);
    const first = indexed(3);
    const cast = vote();
    await bus.deliver('catalogue', first);
    await bus.deliver('catalogue', cast);
    expect(catalogue.seen).toEqual([first, cast]);
    expect(live.seen).toEqual([]);
    await bus.deliver('live', cast);
    expect(live.seen).toEqual([cast]);
    await app.close();
  });

  it('logs and skips a payload that fails its JSON Schema, naming the problem', async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
    ]);
    const malformed = indexed('five');
    await expect(bus.deliver('catalogue', malformed)).resolves.toBeUndefined();
    expect(app.get(CatalogueConsumer).seen).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged.filter((entry) => entry['msg'] === 'skipping a malformed site-indexed event'),
    ).toEqual([
      expect.objectContaining({
        level: 'warn',
        eventId: malformed.id,
        group: 'catalogue',
        problem: expect.stringContaining('siteId'),
      }),
    ]);
    await app.close();
  });

  it("logs and skips a payload that breaks the handler's own check", async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
    ]);
    await bus.deliver('catalogue', indexed(-4));
    expect(app.get(CatalogueConsumer).seen).toEqual([]);
    expect(lines.filter((line) => line.includes('siteId must be positive'))).toHaveLength(1);
    await app.close();
  });

  it('lets a failing handler reject, so the bus retries the event', async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
    ]);
    const consumer = app.get(CatalogueConsumer);
    consumer.failNext = true;
    const event = indexed(5);
    await expect(bus.deliver('catalogue', event)).rejects.toThrow('database away');
    await bus.deliver('catalogue', event);
    expect(consumer.seen).toEqual([event]);
    await app.close();
  });

  it('delivers through deliver() as the bus would, validation included', async () => {
    const app = await start(bus, lines, [
      { module: CatalogueModule, providers: [CatalogueConsumer] },
    ]);
    const event = indexed(9);
    await app.get(EventConsumers).deliver(event);
    await app.get(EventConsumers).deliver(indexed('nine'));
    expect(app.get(CatalogueConsumer).seen).toEqual([event]);
    await app.close();
  });

  it('refuses two handlers of one topic in one group, naming both', async () => {
    @Injectable()
    class Twice {
      @OnBusEvent({ topic: Topics.VoteCast, group: 'catalogue' })
      async again(): Promise<void> {}
    }
    await expect(
      start(bus, lines, [{ module: CatalogueModule, providers: [CatalogueConsumer, Twice] }]),
    ).rejects.toThrow(/CatalogueConsumer.onVote and Twice.again both handle ledger.vote-cast/);
  });

  it('refuses a handler declared once in a module without a processed-events table', async () => {
    @Injectable()
    class Once {
      @OnBusEvent({ topic: Topics.VoteCast, group: 'tally', once: true })
      async onVote(): Promise<void> {}
    }
    await expect(
      start(bus, lines, [{ module: CatalogueModule, providers: [Once] }]),
    ).rejects.toThrow(/Once.onVote handles each event once, but its module provides no DATABASE/);
  });

  it('closes the groups it opened when another cannot subscribe, and fails the start', async () => {
    bus.refuse.add('live');
    await expect(
      start(bus, lines, [
        { module: CatalogueModule, providers: [CatalogueConsumer, LiveConsumer] },
      ]),
    ).rejects.toThrow('cannot join live');
    expect(bus.subscriptions.map(({ group, closed }) => ({ group, closed }))).toEqual([
      { group: 'catalogue', closed: true },
    ]);
  });
});
