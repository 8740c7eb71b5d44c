import { waitFor } from '@testing-library/react';
import type { SearchResponse, SearchResultDto, SiteCommunityResponse } from '@frenly/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { ledgerApi } from '../ledger/ledger.api';
import { searchApi } from '../search/search.api';
import { applyLiveMessage, parseLiveMessage } from './live-messages';

function site(id: number, upvotes = 0, downvotes = 0): SearchResultDto {
  return {
    id,
    url: `https://site${id}.example/`,
    title: `Site ${id}`,
    description: '',
    domain: `site${id}.example`,
    frenlinessScore: 70,
    trustScore: 'medium',
    upvotes,
    downvotes,
    isVerified: false,
    isClaimed: false,
    totalStaked: 0,
    analysisData: null,
    indexedAt: '2026-11-01T00:00:00Z',
    analyzedAt: null,
    insight: { state: 'queued', etaMinutes: 1 },
    domainFacts: { owner: null },
  };
}

function page(query: string, results: SearchResultDto[]): SearchResponse {
  return {
    query,
    results,
    total: results.length,
    totalIsEstimate: false,
    page: 1,
    limit: 10,
    correctedQuery: null,
    web: 'reachable',
  };
}

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
