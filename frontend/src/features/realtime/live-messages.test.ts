import { waitFor } from '@testing-library/react';
import type { SearchResultDto, SiteCommunityResponse } from '@frenly/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { searchPage, searchResult } from '../../test/search-fixtures';
import { ledgerApi } from '../ledger/ledger.api';
import { searchApi } from '../search/search.api';
import { applyLiveMessage, parseLiveMessage } from './live-messages';

const site = (id: number, upvotes = 0, downvotes = 0): SearchResultDto =>
  searchResult(id, { upvotes, downvotes });
const page = searchPage;

const results = (store: ReturnType<typeof makeStore>, q: string) =>
  searchApi.endpoints.search.select({ q, page: 1 })(store.getState()).data?.results;

describe(parseLiveMessage.name, () => {
  it('reads vote_update and stake_update frames', () => {
    expect(parseLiveMessage('{"type":"vote_update","siteId":4,"upvotes":2,"downvotes":1}')).toEqual(
      {
        type: 'vote_update',
        siteId: 4,
        upvotes: 2,
        downvotes: 1,
      },
    );
    expect(parseLiveMessage('{"type":"stake_update","siteId":4,"totalStaked":90}')).toEqual({
      type: 'stake_update',
      siteId: 4,
      totalStaked: 90,
    });
    expect(
      parseLiveMessage(
        '{"type":"stake_update","siteId":4,"totalStaked":90,"supportTotal":60,"concernTotal":30}',
      ),
    ).toEqual({
      type: 'stake_update',
      siteId: 4,
      totalStaked: 90,
      supportTotal: 60,
      concernTotal: 30,
    });
    // Half a split is no split: trust is never derived from a guess at the other half.
    expect(
      parseLiveMessage('{"type":"stake_update","siteId":4,"totalStaked":90,"concernTotal":"30"}'),
    ).toEqual({ type: 'stake_update', siteId: 4, totalStaked: 90 });
  });

  const insights = {
    type: 'site_insights_update',
    siteId: 4,
    url: 'https://site4.example/',
    domain: 'site4.example',
    frenlinessScore: 58,
    trustScore: 'medium',
    trackers: 3,
    darkPatterns: ['Countdown timer', 'Confirmshaming'],
    analysedAt: '2026-11-27T06:00:00.000Z',
    tier: 'html',
  };

  it('reads site_insights_update frames, with or without a site id', () => {
    expect(parseLiveMessage(JSON.stringify(insights))).toEqual(insights);
    expect(parseLiveMessage(JSON.stringify({ ...insights, siteId: null }))).toEqual({
      ...insights,
      siteId: null,
    });
  });

  it.each([
    ['no site id field', { siteId: undefined }],
    ['a site id that is not a whole number', { siteId: 4.5 }],
    ['no url', { url: undefined }],
    ['an empty url', { url: '' }],
    ['no domain', { domain: undefined }],
    ['a score above 100', { frenlinessScore: 101 }],
    ['a score below 0', { frenlinessScore: -1 }],
    ['a score that is text', { frenlinessScore: '58' }],
    ['an unknown trust level', { trustScore: 'very high' }],
    ['a negative tracker count', { trackers: -1 }],
    ['a fractional tracker count', { trackers: 1.5 }],
    ['dark patterns that are not names', { darkPatterns: [1, 2] }],
    ['dark patterns that are not a list', { darkPatterns: 'Countdown timer' }],
    ['a date that is not one', { analysedAt: 'yesterday' }],
    ['an unknown tier', { tier: 'llm' }],
    ['no tier', { tier: undefined }],
  ])('refuses a site_insights_update with %s', (_why, change) => {
    expect(parseLiveMessage(JSON.stringify({ ...insights, ...change }))).toBeNull();
  });

  it('refuses what it cannot trust', () => {
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage('{"type":"vote_update","siteId":4}')).toBeNull();
    expect(parseLiveMessage('{"type":"something_else"}')).toBeNull();
    expect(parseLiveMessage(new Blob())).toBeNull();
  });
});

describe(applyLiveMessage.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('patches the counts of that site in every cached search, in place', async () => {
    const store = makeStore();
    await store.dispatch(
      searchApi.util.upsertQueryData(
        'search',
        { q: 'a', page: 1 },
        page('a', [site(1), site(2, 5, 5)]),
      ),
    );
    await store.dispatch(
      searchApi.util.upsertQueryData('search', { q: 'b', page: 1 }, page('b', [site(2, 5, 5)])),
    );
    const untouched = results(store, 'a')?.[0];

    applyLiveMessage(
      '{"type":"vote_update","siteId":2,"upvotes":7,"downvotes":4}',
      store.dispatch,
      store.getState,
    );

    expect(results(store, 'a')?.map((s) => [s.id, s.upvotes, s.downvotes])).toEqual([
      [1, 0, 0],
      [2, 7, 4],
    ]);
    expect(results(store, 'b')?.[0]).toMatchObject({ upvotes: 7, downvotes: 4 });
    // Other results keep their identity: only the changed site is rewritten.
    expect(results(store, 'a')?.[0]).toBe(untouched);
  });

  it('patches the site’s community entry too', async () => {
    const store = makeStore();
    const community: SiteCommunityResponse = {
      siteId: 2,
      upvotes: 0,
      downvotes: 0,
      totalStaked: 0,
      supportTotal: 0,
      concernTotal: 0,
      recentStakes: [],
    };
    await store.dispatch(ledgerApi.util.upsertQueryData('siteCommunity', 2, community));
    applyLiveMessage(
      '{"type":"vote_update","siteId":2,"upvotes":3,"downvotes":1}',
      store.dispatch,
      store.getState,
    );
    expect(ledgerApi.endpoints.siteCommunity.select(2)(store.getState()).data).toMatchObject({
      upvotes: 3,
      downvotes: 1,
    });
  });

  const landed = (siteId: number | null, url: string) =>
    JSON.stringify({
      type: 'site_insights_update',
      siteId,
      url,
      domain: new URL(url).hostname,
      frenlinessScore: 41,
      trustScore: 'low',
      trackers: 5,
      darkPatterns: ['Countdown timer'],
      analysedAt: '2026-11-27T06:00:00.000Z',
      tier: 'html',
    });

  it('writes a landed analysis into that site’s results in every cached search, in place', async () => {
    const store = makeStore();
    const unanalysed = { ...site(2), frenlinessScore: null, trustScore: null };
    await store.dispatch(
      searchApi.util.upsertQueryData(
        'search',
        { q: 'a', page: 1 },
        page('a', [site(1), unanalysed]),
      ),
    );
    await store.dispatch(
      searchApi.util.upsertQueryData('search', { q: 'b', page: 1 }, page('b', [unanalysed])),
    );
    const untouched = results(store, 'a')?.[0];

    applyLiveMessage(landed(2, 'https://elsewhere.example/'), store.dispatch, store.getState);

    for (const q of ['a', 'b']) {
      const patched = results(store, q)?.find((s) => s.id === 2);
      expect(patched).toMatchObject({
        frenlinessScore: 41,
        trustScore: 'low',
        analyzedAt: '2026-11-27T06:00:00.000Z',
        insight: { state: 'analysed' },
        analysisData: { trackers: 5, frenliness: { manipulativePatterns: ['Countdown timer'] } },
      });
    }
    expect(results(store, 'a')?.[0]).toBe(untouched);
  });

  it('matches a landed analysis without a site id by its URL', async () => {
    const store = makeStore();
    const unanalysed = (id: number) => ({ ...site(id), frenlinessScore: null, trustScore: null });
    await store.dispatch(
      searchApi.util.upsertQueryData(
        'search',
        { q: 'a', page: 1 },
        page('a', [unanalysed(1), unanalysed(2)]),
      ),
    );
    applyLiveMessage(landed(null, 'https://site2.example/'), store.dispatch, store.getState);
    expect(results(store, 'a')?.map((s) => s.frenlinessScore)).toEqual([null, 41]);
  });

  it("matches it on an inner page's result too, by the site's address", async () => {
    const store = makeStore();
    const innerPage = {
      ...site(2),
      url: 'https://site2.example/about',
      frenlinessScore: null,
      trustScore: null,
    };
    await store.dispatch(
      searchApi.util.upsertQueryData('search', { q: 'a', page: 1 }, page('a', [innerPage])),
    );
    applyLiveMessage(landed(null, 'https://site2.example/'), store.dispatch, store.getState);
    expect(results(store, 'a')?.[0]).toMatchObject({
      url: 'https://site2.example/about',
      frenlinessScore: 41,
    });
  });

  it('writes the total staked from stake_update at once, then refetches', async () => {
    let calls = 0;
    let answerRefetch: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => {
      calls += 1;
      if (calls === 1) return Promise.resolve(Response.json(page('a', [site(1), site(2)])));
      // The refetch stays pending: what the card shows meanwhile comes from the frame alone.
      return new Promise<Response>((resolve) => (answerRefetch = resolve));
    });
    const store = makeStore();
    const subscription = store.dispatch(searchApi.endpoints.search.initiate({ q: 'a', page: 1 }));
    await subscription;

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":50}',
      store.dispatch,
      store.getState,
    );
    expect(results(store, 'a')?.map((s) => s.totalStaked)).toEqual([50, 0]);
    await waitFor(() => expect(calls).toBe(2));
    answerRefetch(Response.json(page('a', [{ ...site(1), totalStaked: 50 }, site(2)])));
    subscription.unsubscribe();
    vi.unstubAllGlobals();
  });

  it("derives the card's trustScore again from stake_update's support/concern split at once, before the refetch", async () => {
    // A calm, verified, secure site: high while nobody worries, low once concern outweighs support.
    const trusted: SearchResultDto = {
      ...site(1, 2, 0),
      frenlinessScore: 82,
      isVerified: true,
      trustScore: 'high',
      analysisData: {
        frenliness: { reasoning: '', improvements: [], manipulativePatterns: [] },
        ux: { details: { strengths: [] } },
        dimensions: { security: 90 },
        evidence: { manipulation: [] },
      },
    };
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      if (calls === 1) return Promise.resolve(Response.json(page('a', [trusted, site(2)])));
      // The refetch stays pending: what the card shows meanwhile comes from the frame alone.
      return new Promise<Response>(() => {});
    });
    const store = makeStore();
    const subscription = store.dispatch(searchApi.endpoints.search.initiate({ q: 'a', page: 1 }));
    await subscription;

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":160,"supportTotal":10,"concernTotal":150}',
      store.dispatch,
      store.getState,
    );
    expect(results(store, 'a')?.map((s) => [s.totalStaked, s.trustScore])).toEqual([
      [160, 'low'],
      [0, 'medium'],
    ]);

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":310,"supportTotal":160,"concernTotal":150}',
      store.dispatch,
      store.getState,
    );
    expect(results(store, 'a')?.[0]?.trustScore).toBe('high');
    subscription.unsubscribe();
    vi.unstubAllGlobals();
  });

  it('refetches the results on stake_update', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.resolve(Response.json(page('a', [site(1)])));
    });
    const store = makeStore();
    const subscription = store.dispatch(searchApi.endpoints.search.initiate({ q: 'a', page: 1 }));
    await subscription;
    expect(calls).toBe(1);

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":50}',
      store.dispatch,
      store.getState,
    );
    await waitFor(() => expect(calls).toBe(2));
    subscription.unsubscribe();
    vi.unstubAllGlobals();
  });

  it('only logs a frame it cannot parse', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = makeStore();
    await store.dispatch(
      searchApi.util.upsertQueryData('search', { q: 'a', page: 1 }, page('a', [site(1)])),
    );
    const before = store.getState();
    applyLiveMessage('{oops', store.dispatch, store.getState);
    expect(warn).toHaveBeenCalledWith('Ignoring an unparseable live message:', '{oops');
    expect(store.getState()).toBe(before);
  });
});
