import { jest } from '@jest/globals';
import type { SiteAnalyzedV1, StakePlacedV1, VoteCastV1 } from '@frenly/contracts';
import { JsonLogger, MetricsService } from '@frenly/platform';
import { ClientRegistry } from '../connections/client-registry.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { DEFAULT_REALTIME_SETTINGS, type RealtimeSettings } from '../realtime.settings.js';
import { siteAnalyzed } from '../../test/support/site-analyzed.js';
import { LiveFanoutService } from './live-fanout.service.js';

const vote = (overrides: Partial<VoteCastV1> = {}): VoteCastV1 => ({
  siteId: 42,
  userId: 'user-1',
  vote: 'up',
  upvotes: 5,
  downvotes: 2,
  siteVersion: 10,
  ...overrides,
});

const stake = (overrides: Partial<StakePlacedV1> = {}): StakePlacedV1 => ({
  stakeId: 'stake-1',
  siteId: 42,
  userId: 'user-1',
  amount: 10,
  type: 'support',
  message: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  totalStaked: 110,
  supportTotal: 100,
  concernTotal: 10,
  siteVersion: 10,
  ...overrides,
});

const analysed = (
  browser: 'pending' | 'done',
  overrides: Partial<SiteAnalyzedV1> = {},
): SiteAnalyzedV1 => siteAnalyzed(overrides, { browser: { state: browser } });

function setup({ versionMemorySites = 100 } = {}) {
  const broadcast = jest
    .fn<ClientRegistry['broadcast']>()
    .mockReturnValue({ sent: 3, droppedSlow: 0 });
  const registry = { broadcast, size: 3 } as unknown as ClientRegistry;
  const metrics = new RealtimeMetrics(
    new MetricsService({ service: 'realtime-unit', defaultMetrics: false }),
  );
  const lines: Array<Record<string, unknown>> = [];
  const logger = new JsonLogger({
    service: 'realtime-unit',
    level: 'debug',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const settings = {
    ...DEFAULT_REALTIME_SETTINGS,
    instanceId: 'unit',
    versionMemorySites,
  } as RealtimeSettings;
  const sut = new LiveFanoutService(settings, registry, metrics, logger);
  /** The messages handed to the registry, parsed back. */
  const sentMessages = () =>
    broadcast.mock.calls.map(([data]) => JSON.parse(data.toString()) as unknown);
  return { sut, broadcast, metrics, lines, sentMessages };
}

const value = async (
  metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> },
  labels: Record<string, string> = {},
) =>
  (await metric.get()).values
    .filter((v) => Object.entries(labels).every(([k, w]) => v.labels[k] === w))
    .reduce((sum, v) => sum + v.value, 0);

describe(LiveFanoutService.name, () => {
  it('sends a vote update with the new totals to every client, serialised once', async () => {
    const { sut, broadcast, sentMessages, metrics } = setup();

    expect(sut.voteCast(vote())).toBe('sent');

    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(sentMessages()).toEqual([{ type: 'vote_update', siteId: 42, upvotes: 5, downvotes: 2 }]);
    expect(await value(metrics.messagesSent, { type: 'vote_update' })).toBe(3);
  });

  it('sends a stake update with the totals staked, support and concern (no user, amount or message)', () => {
    const { sut, sentMessages } = setup();

    expect(sut.stakePlaced(stake({ message: 'private words' }))).toBe('sent');

    expect(sentMessages()).toEqual([
      { type: 'stake_update', siteId: 42, totalStaked: 110, supportTotal: 100, concernTotal: 10 },
    ]);
  });

  it('drops a vote event older than (or as old as) the last one sent for the site', async () => {
    const { sut, broadcast, metrics } = setup();
    sut.voteCast(vote({ siteVersion: 10 }));

    expect(sut.voteCast(vote({ siteVersion: 9, upvotes: 4 }))).toBe('stale');
    expect(sut.voteCast(vote({ siteVersion: 10 }))).toBe('stale');
    expect(sut.voteCast(vote({ siteId: 43, siteVersion: 1 }))).toBe('sent');

    expect(broadcast).toHaveBeenCalledTimes(2);
    expect(await value(metrics.staleEventsDropped, { topic: 'ledger.vote-cast' })).toBe(2);
  });

  it('judges votes and stakes apart: a newer stake does not make an older vote stale', () => {
    const { sut } = setup();

    expect(sut.stakePlaced(stake({ siteVersion: 12 }))).toBe('sent');
    expect(sut.voteCast(vote({ siteVersion: 11 }))).toBe('sent');
    expect(sut.stakePlaced(stake({ siteVersion: 11 }))).toBe('stale');
  });

  it.each([
    [
      'a vote without whole-number totals',
      (sut: LiveFanoutService) => sut.voteCast(vote({ upvotes: 1.5 })),
    ],
    [
      'a vote without a site version',
      (sut: LiveFanoutService) =>
        sut.voteCast({ ...vote(), siteVersion: undefined } as unknown as VoteCastV1),
    ],
    [
      'a stake with a text total',
      (sut: LiveFanoutService) =>
        sut.stakePlaced({ ...stake(), totalStaked: '110' } as unknown as StakePlacedV1),
    ],
  ])('skips %s, loudly, and sends nothing', (_case, deliver) => {
    const { sut, broadcast, lines } = setup();

    expect(deliver(sut)).toBe('malformed');

    expect(broadcast).not.toHaveBeenCalled();
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'skipping an event without whole-number totals',
      }),
    );
  });

  it('counts and reports clients dropped for a full send buffer', async () => {
    const { sut, broadcast, metrics, lines } = setup();
    broadcast.mockReturnValue({ sent: 1, droppedSlow: 2 });

    sut.voteCast(vote());

    expect(await value(metrics.clientsDropped, { reason: 'slow' })).toBe(2);
    expect(await value(metrics.openConnections)).toBe(3);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', clients: 2 }));
  });

  it('forgets the oldest site past its memory bound (its next event is accepted again)', () => {
    const { sut } = setup({ versionMemorySites: 1 });
    sut.voteCast(vote({ siteId: 1, siteVersion: 5 }));
    sut.voteCast(vote({ siteId: 2, siteVersion: 5 }));

    expect(sut.voteCast(vote({ siteId: 1, siteVersion: 4 }))).toBe('sent');
  });

  describe('an analysis', () => {
    const types = (messages: unknown[]) => messages.map((m) => (m as { type: string }).type);

    it("sends the card's insights, and the browser tier's finish to screens waiting for it", () => {
      const { sut, sentMessages } = setup();

      expect(sut.siteAnalyzed(analysed('done'))).toBe('sent');

      expect(types(sentMessages())).toEqual(['analysis_update', 'site_insights_update']);
    });

    it("sends only the insights of the HTML tier's analysis (the browser tier still runs)", () => {
      const { sut, sentMessages } = setup();

      expect(sut.siteAnalyzed(analysed('pending'))).toBe('sent');

      expect(types(sentMessages())).toEqual(['site_insights_update']);
    });

    it('never puts an analysis unfit for a card on screen, and says so once', () => {
      const { sut, sentMessages, lines } = setup();

      expect(sut.siteAnalyzed(analysed('pending', { frenlinessScore: 101 }))).toBe('malformed');
      expect(sut.siteAnalyzed(analysed('done', { frenlinessScore: 101 }))).toBe('sent');

      expect(types(sentMessages())).toEqual(['analysis_update']);
      expect(
        lines.filter((line) => line['msg'] === 'skipping an analysis event unfit for a card'),
      ).toHaveLength(2);
    });
  });
});
