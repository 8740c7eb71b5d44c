// A request id follows a request into the events it writes: the ledger's stake-placed and
// vote-cast events carry the X-Request-Id of the request, in the outbox row and on the bus.
import { Topics } from '@frenly/contracts';
import { ledgerOutbox } from '@frenly/db';
import { subscribeToEvents, type BusEvent } from '@frenly/events';
import { waitFor } from '@frenly/testing';
import { eq } from 'drizzle-orm';
import { LedgerContext } from './ledger-context.js';

describe('request id into the ledger events', () => {
  let ctx: LedgerContext;
  const delivered: BusEvent[] = [];

  beforeAll(async () => {
    ctx = await LedgerContext.start();
    await subscribeToEvents(ctx.bus, {
      group: `request-id-it-${ctx.runId}`,
      handlers: {
        [Topics.StakePlaced]: async (event) => void delivered.push(event),
        [Topics.VoteCast]: async (event) => void delivered.push(event),
      },
    });
  });

  afterAll(() => ctx?.close());

  async function outboxHeaders(
    eventTopic: string,
    siteId: number,
  ): Promise<Array<Record<string, string>>> {
    const rows = await ctx.db
      .select()
      .from(ledgerOutbox)
      .where(eq(ledgerOutbox.key, String(siteId)));
    return rows.filter((row) => row.topic === eventTopic).map((row) => row.headers ?? {});
  }

  it('stamps a stake-placed event with the request id of the stake request', async () => {
    const user = ctx.newUser();
    const siteId = await ctx.newSite();
    const res = await ctx
      .http()
      .post('/api/stakes')
      .set(user.headers())
      .set('X-Request-Id', `stake-req-${ctx.runId}`)
      .send({ siteId, amount: 5, type: 'support' });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe(`stake-req-${ctx.runId}`);
    expect(await outboxHeaders(Topics.StakePlaced, siteId)).toEqual([
      { 'schema-version': '1', 'request-id': `stake-req-${ctx.runId}` },
    ]);
    const event = await waitFor(
      async () => delivered.find((e) => e.topic === Topics.StakePlaced && e.key === String(siteId)),
      10_000,
      20,
      'the stake event',
    );
    expect(event.headers['request-id']).toBe(`stake-req-${ctx.runId}`);
  });

  it('stamps a vote-cast event with the request id of the vote request', async () => {
    const user = ctx.newUser();
    const siteId = await ctx.newSite();
    const res = await ctx
      .http()
      .post(`/api/sites/${siteId}/vote`)
      .set(user.headers())
      .set('X-Request-Id', `vote-req-${ctx.runId}`)
      .send({ type: 'up' });
    expect(res.status).toBe(200);
    expect(await outboxHeaders(Topics.VoteCast, siteId)).toEqual([
      { 'schema-version': '1', 'request-id': `vote-req-${ctx.runId}` },
    ]);
    const event = await waitFor(
      async () => delivered.find((e) => e.topic === Topics.VoteCast && e.key === String(siteId)),
      10_000,
      20,
      'the vote event',
    );
    expect(event.headers['request-id']).toBe(`vote-req-${ctx.runId}`);
  });

  it('gives a request without an acceptable id a fresh one, and that one reaches the event', async () => {
    const user = ctx.newUser();
    const siteId = await ctx.newSite();
    const res = await ctx
      .http()
      .post(`/api/sites/${siteId}/vote`)
      .set(user.headers())
      .set('X-Request-Id', 'not acceptable!')
      .send({ type: 'down' });
    expect(res.status).toBe(200);
    const generated = res.headers['x-request-id'] as string;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outboxHeaders(Topics.VoteCast, siteId)).toEqual([
      { 'schema-version': '1', 'request-id': generated },
    ]);
  });
});
