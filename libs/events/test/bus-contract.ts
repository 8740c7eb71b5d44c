import { randomBytes, randomUUID } from 'node:crypto';
import { waitFor } from '@frenly/testing';
import type { BusEvent, EventBus, EventHandler, Subscription } from '../src/index.js';

/** Builds the adapter under test; `close` is called once after the whole suite. */
export interface BusFixture {
  readonly name: string;
  bus: EventBus;
  /** Generous bound for a round trip on this adapter. */
  readonly deliveryTimeoutMs: number;
}

const runId = randomBytes(4).toString('hex');
let counter = 0;
/** Unique per test run, so runs sharing the broker never see each other's events. */
export const uniqueName = (what: string): string => `contract-${what}-${runId}-${++counter}`;

export function event(
  topic: string,
  key: string,
  payload: unknown,
  id: string = randomUUID(),
): BusEvent {
  return {
    id,
    topic,
    key,
    payload,
    occurredAt: new Date().toISOString(),
    headers: { 'test-run': runId },
  };
}

/** Records what one subscriber received. */
export class Received {
  readonly events: BusEvent[] = [];
  readonly handler: EventHandler = async (e) => {
    this.events.push(e);
  };
  ids(): string[] {
    return this.events.map((e) => e.id);
  }
}

/**
 * The behaviour every EventBus adapter must have. `setup` returns a fresh fixture; the suite
 * creates its own topics and groups, so it can share a broker with other runs.
 */
export function busContract(
  setup: () => Promise<BusFixture>,
  teardown: (fixture: BusFixture) => Promise<void>,
): void {
  let fixture: BusFixture;
  let subscriptions: Subscription[] = [];

  const subscribe = async (
    group: string,
    topics: string[],
    handler: EventHandler,
    fromBeginning = true,
  ): Promise<Subscription> => {
    const subscription = await fixture.bus.subscribe({ group, topics, handler, fromBeginning });
    subscriptions.push(subscription);
    return subscription;
  };
  const received = (r: Received, count: number, what: string): Promise<true> =>
    waitFor(
      () => (r.events.length >= count ? true : undefined),
      fixture.deliveryTimeoutMs,
      20,
      `${what} (${r.events.length}/${count})`,
    );
  /** Two members of one new group, both subscribed to `topic`. */
  const twoMembers = async (topic: string): Promise<[Received, Received]> => {
    const group = uniqueName('g');
    const members: [Received, Received] = [new Received(), new Received()];
    for (const member of members) await subscribe(group, [topic], member.handler);
    return members;
  };
  /** Waits until the members together received as many events as were sent. */
  const allReceived = (sent: BusEvent[], m1: Received, m2: Received): Promise<true> =>
    waitFor(
      () => (m1.events.length + m2.events.length >= sent.length ? true : undefined),
      fixture.deliveryTimeoutMs,
      20,
      `all events (${m1.events.length + m2.events.length}/${sent.length})`,
    );
  // Long enough for a stray duplicate to show up after the expected events arrived.
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

  // Bounded but generous: a Kafka group join or rebalance takes seconds on a busy machine.
  const contractTest = (name: string, fn: () => Promise<void>): void => it(name, fn, 45_000);

  beforeAll(async () => {
    fixture = await setup();
  });
  afterEach(async () => {
    await Promise.all(subscriptions.map((s) => s.close()));
    subscriptions = [];
  });
  afterAll(async () => {
    await teardown(fixture);
  });

  contractTest(
    'delivers events published before the subscription (fromBeginning), in order, with headers and payload',
    async () => {
      const topic = uniqueName('late');
      const sent = Array.from({ length: 5 }, (_, i) =>
        event(topic, 'site-1', { n: i, text: 'héllo' }),
      );
      await fixture.bus.publish(sent);
      const r = new Received();
      await subscribe(uniqueName('g'), [topic], r.handler);
      await received(r, 5, 'the five events');
      expect(r.ids()).toEqual(sent.map((e) => e.id));
      const first = r.events[0];
      expect(first).toMatchObject({
        topic,
        key: 'site-1',
        payload: { n: 0, text: 'héllo' },
        occurredAt: sent[0]?.occurredAt,
      });
      expect(first?.headers).toEqual({ 'test-run': runId });
    },
  );

  contractTest(
    'subscribes to many brand-new topics at once and delivers on each (topics ready before subscribe returns)',
    async () => {
      const topics = Array.from({ length: 6 }, () => uniqueName('fresh'));
      const receivers = topics.map(() => new Received());
      await Promise.all(
        topics.map((topic, i) => subscribe(uniqueName('g'), [topic], receivers[i]!.handler, false)),
      );
      const sent = topics.map((topic) => event(topic, 'k', { topic }));
      await fixture.bus.publish(sent);
      await Promise.all(receivers.map((r, i) => received(r, 1, `the event on ${topics[i]}`)));
      expect(receivers.map((r) => r.ids())).toEqual(sent.map((e) => [e.id]));
    },
  );

  contractTest('gives every event to each of two consumer groups', async () => {
    const topic = uniqueName('groups');
    const a = new Received();
    const b = new Received();
    await subscribe(uniqueName('ga'), [topic], a.handler);
    await subscribe(uniqueName('gb'), [topic], b.handler);
    const sent = Array.from({ length: 20 }, (_, i) => event(topic, `k${i % 4}`, { i }));
    await fixture.bus.publish(sent);
    await received(a, 20, 'group A');
    await received(b, 20, 'group B');
    await settle();
    expect([...a.ids()].sort()).toEqual(sent.map((e) => e.id).sort());
    expect([...b.ids()].sort()).toEqual(sent.map((e) => e.id).sort());
  });

  contractTest(
    'splits the events of one group between its two members: each gets some, together all, none twice',
    async () => {
      const topic = uniqueName('split');
      const [m1, m2] = await twoMembers(topic);
      const sent = Array.from({ length: 120 }, (_, i) => event(topic, `site-${i % 40}`, { i }));
      await fixture.bus.publish(sent);
      await allReceived(sent, m1, m2);
      await settle();
      expect(m1.events.length).toBeGreaterThan(0);
      expect(m2.events.length).toBeGreaterThan(0);
      const all = [...m1.ids(), ...m2.ids()];
      expect(all).toHaveLength(sent.length);
      expect(new Set(all)).toEqual(new Set(sent.map((e) => e.id)));
      // A key belongs to one member.
      const keys1 = new Set(m1.events.map((e) => e.key));
      expect(m2.events.filter((e) => keys1.has(e.key))).toEqual([]);
    },
  );

  contractTest('keeps per-key order with many keys interleaved, across two members', async () => {
    const topic = uniqueName('order');
    const [m1, m2] = await twoMembers(topic);
    const keys = Array.from({ length: 12 }, (_, k) => `key-${k}`);
    const sent: BusEvent[] = [];
    for (let seq = 0; seq < 25; seq++)
      for (const key of keys) sent.push(event(topic, key, { key, seq }));
    // Several publish calls, like a relay sending batches.
    for (let i = 0; i < sent.length; i += 50) await fixture.bus.publish(sent.slice(i, i + 50));
    await allReceived(sent, m1, m2);
    for (const member of [m1, m2]) {
      const seqsByKey = new Map<string, number[]>();
      for (const e of member.events) {
        const { key, seq } = e.payload as { key: string; seq: number };
        seqsByKey.set(key, [...(seqsByKey.get(key) ?? []), seq]);
      }
      for (const seqs of seqsByKey.values())
        expect(seqs).toEqual(Array.from({ length: 25 }, (_, i) => i));
    }
  });

  contractTest('delivers a repeated event id to the handler once', async () => {
    const topic = uniqueName('dupe');
    const r = new Received();
    await subscribe(uniqueName('g'), [topic], r.handler);
    const original = event(topic, 'site-9', { v: 1 });
    const marker = event(topic, 'site-9', { marker: true });
    await fixture.bus.publish([original]);
    await fixture.bus.publish([original, event(topic, 'site-9', { v: 2 }), original]);
    await fixture.bus.publish([marker]);
    await received(r, 3, 'original, second and marker');
    await settle();
    expect(r.ids().filter((id) => id === original.id)).toHaveLength(1);
    expect(r.ids()).toHaveLength(3);
    expect(r.ids()[2]).toBe(marker.id);
  });

  contractTest(
    'retries a failing handler until it succeeds, without losing or reordering the event',
    async () => {
      const topic = uniqueName('retry');
      const attempts = new Map<string, number>();
      const handled: string[] = [];
      const sent = [
        event(topic, 'site-1', { n: 0 }),
        event(topic, 'site-1', { n: 1 }),
        event(topic, 'site-1', { n: 2 }),
      ];
      const flaky = sent[1]?.id as string;
      await subscribe(uniqueName('g'), [topic], async (e) => {
        const n = (attempts.get(e.id) ?? 0) + 1;
        attempts.set(e.id, n);
        if (e.id === flaky && n < 3) throw new Error(`simulated failure ${n}`);
        handled.push(e.id);
      });
      await fixture.bus.publish(sent);
      await waitFor(
        () => (handled.length >= 3 ? true : undefined),
        fixture.deliveryTimeoutMs,
        20,
        'three handled events',
      );
      await settle();
      expect(handled).toEqual(sent.map((e) => e.id));
      expect(attempts.get(flaky)).toBe(3);
    },
  );

  contractTest('does not block publish on a slow handler', async () => {
    const topic = uniqueName('slow');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const r = new Received();
    await subscribe(uniqueName('g'), [topic], async (e) => {
      await gate;
      await r.handler(e);
    });
    await fixture.bus.publish([event(topic, 'k', { n: 1 })]);
    await fixture.bus.publish([event(topic, 'k', { n: 2 })]); // would hang here if publish awaited handlers
    release();
    await received(r, 2, 'both events');
  });

  contractTest('answers ping while open', async () => {
    await expect(fixture.bus.ping()).resolves.toBeUndefined();
  });
}
