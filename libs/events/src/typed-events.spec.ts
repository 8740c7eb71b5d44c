import { Topics, TopicVersions, type VoteCastV1 } from '@frenly/contracts';
import { InProcessEventBus } from './in-process/in-process-event-bus.js';
import { silentLogger } from './logger.js';
import {
  makeEvent,
  SCHEMA_VERSION_HEADER,
  subscribeToEvents,
  type TypedEvent,
} from './typed-events.js';

const vote: VoteCastV1 = {
  siteId: 7,
  userId: 'u1',
  vote: 'up',
  upvotes: 3,
  downvotes: 1,
  siteVersion: 4,
};

describe('typed events', () => {
  it('makeEvent gives a UUID, an ISO time, a string key and the schema version header', () => {
    const event = makeEvent(Topics.VoteCast, 7, vote, { 'request-id': 'r1' });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(event.occurredAt).toISOString()).toBe(event.occurredAt);
    expect(event).toMatchObject({ topic: 'ledger.vote-cast', key: '7', payload: vote });
    expect(event.headers).toEqual({
      [SCHEMA_VERSION_HEADER]: String(TopicVersions[Topics.VoteCast]),
      'request-id': 'r1',
    });
    expect(makeEvent(Topics.VoteCast, 7, vote).id).not.toBe(event.id);
  });

  it('subscribeToEvents dispatches each topic to its own handler', async () => {
    const bus = new InProcessEventBus({ logger: silentLogger });
    const votes: TypedEvent<typeof Topics.VoteCast>[] = [];
    const indexed: string[] = [];
    await subscribeToEvents(bus, {
      group: 'search',
      handlers: {
        [Topics.VoteCast]: async (e) => void votes.push(e),
        [Topics.SiteIndexed]: async (e) => void indexed.push(e.payload.url),
      },
    });
    await bus.publish([
      makeEvent(Topics.VoteCast, 7, vote),
      makeEvent(Topics.SiteIndexed, 7, {
        siteId: 7,
        url: 'https://a.example/',
        domain: 'a.example',
        title: 'A',
        indexedAt: vote.userId,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(votes.map((e) => e.payload.upvotes)).toEqual([3]);
    expect(indexed).toEqual(['https://a.example/']);
    await bus.close();
  });
});
