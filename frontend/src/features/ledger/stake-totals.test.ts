import { waitFor } from '@testing-library/react';
import type { SearchResponse, SearchResultDto, StakeCreateResponse } from '@frenly/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { searchPage, searchResult } from '../../test/search-fixtures';
import { applyLiveMessage } from '../realtime/live-messages';
import { searchApi } from '../search/search.api';
import { ledgerApi } from './ledger.api';
import { stakeTotalsSeen, stakeTotalsSlice } from './stake-totals';

const site = (id: number, totalStaked = 0): SearchResultDto => searchResult(id, { totalStaked });
const page = (results: SearchResultDto[]) => searchPage('a', results);

const shownTotals = (store: ReturnType<typeof makeStore>) =>
  searchApi.endpoints.search
    .select({ q: 'a', page: 1 })(store.getState())
    .data?.results.map((s) => s.totalStaked);

/** A store showing the search "a", subscribed as a results page is. */
async function storeShowingSearch() {
  const store = makeStore();
  const search = store.dispatch(searchApi.endpoints.search.initiate({ q: 'a', page: 1 }));
  await search;
  return { store, search };
}

/** Waits for the refresh a stake or its message causes (the `nth` search) to land. */
async function refreshLanded(
  store: ReturnType<typeof makeStore>,
  calls: { search: number },
  nth: number,
) {
  await waitFor(() => expect(calls.search).toBe(nth));
  await Promise.all(store.dispatch(searchApi.util.getRunningQueriesThunk()));
}

/**
 * Stubs fetch: every search answers `searchAnswer()` (what the index holds at that moment), a
 * stake answers `stakeAnswer`. Returns how many searches were sent.
 */
function stubApi(searchAnswer: () => SearchResponse, stakeAnswer?: StakeCreateResponse) {
  const calls = { search: 0 };
  vi.stubGlobal('fetch', (url: string) => {
    if (url.startsWith('/api/stakes') && stakeAnswer)
      return Promise.resolve(Response.json(stakeAnswer, { status: 201 }));
    calls.search += 1;
    return Promise.resolve(Response.json(searchAnswer()));
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stakeTotals', () => {
  const reduce = (actions: ReturnType<typeof stakeTotalsSeen>[]) =>
    actions.reduce(stakeTotalsSlice.reducer, stakeTotalsSlice.getInitialState());

  it('keeps the larger total of a site: stakes only add', () => {
    const split = { supportTotal: 60, concernTotal: 30 };
    expect(
      reduce([
        stakeTotalsSeen({ siteId: 1, totalStaked: 90, split }),
        stakeTotalsSeen({ siteId: 1, totalStaked: 40 }),
        stakeTotalsSeen({ siteId: 2, totalStaked: 5 }),
      ]),
    ).toEqual({ 1: { totalStaked: 90, split }, 2: { totalStaked: 5 } });
  });

  it('keeps a known split when the same total comes again without one', () => {
    const split = { supportTotal: 60, concernTotal: 30 };
    expect(
      reduce([
        stakeTotalsSeen({ siteId: 1, totalStaked: 90, split }),
        stakeTotalsSeen({ siteId: 1, totalStaked: 90 }),
      ]),
    ).toEqual({ 1: { totalStaked: 90, split } });
  });
});

describe('a stake and the search results', () => {
  it("shows the site's totals from the stake's answer, and a refresh answered before the index has the stake does not undo them", async () => {
    // The index learns of the stake only later: every search here still answers 0.
    const calls = stubApi(() => page([site(1), site(2)]), {
      stake: {
        id: 's1',
        userId: 'u1',
        siteId: 1,
        amount: 120,
        type: 'support',
        message: null,
        createdAt: '2026-11-28T00:00:00Z',
      },
      bambooBalance: 880,
      site: { totalStaked: 120, supportTotal: 120, concernTotal: 0 },
    });
    const { store, search } = await storeShowingSearch();
    expect(shownTotals(store)).toEqual([0, 0]);

    await store.dispatch(
      ledgerApi.endpoints.placeStake.initiate({
        body: { siteId: 1, amount: 120, type: 'support' },
        idempotencyKey: 'k1',
      }),
    );
    expect(shownTotals(store)).toEqual([120, 0]);
    // The stake refreshes the results (spec §4); that answer still says 0.
    await refreshLanded(store, calls, 2);
    expect(shownTotals(store)).toEqual([120, 0]);
    search.unsubscribe();
  });

  it("keeps a live stake_update's total over a refetch that answers an older one, and takes a newer one from the index", async () => {
    let indexed = 0;
    const calls = stubApi(() => page([site(1, indexed), site(2)]));
    const { store, search } = await storeShowingSearch();

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":50,"supportTotal":50,"concernTotal":0}',
      store.dispatch,
      store.getState,
    );
    await refreshLanded(store, calls, 2);
    expect(shownTotals(store)).toEqual([50, 0]);

    // Someone else's stake reached the index before any message did: its larger total shows.
    indexed = 75;
    await store.dispatch(
      searchApi.endpoints.search.initiate({ q: 'a', page: 1 }, { forceRefetch: true }),
    );
    expect(shownTotals(store)).toEqual([75, 0]);
    search.unsubscribe();
  });

  it('keeps the newer total when live messages arrive out of order', async () => {
    stubApi(() => page([site(1), site(2)]));
    const { store, search } = await storeShowingSearch();

    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":120,"supportTotal":100,"concernTotal":20}',
      store.dispatch,
      store.getState,
    );
    applyLiveMessage(
      '{"type":"stake_update","siteId":1,"totalStaked":70,"supportTotal":50,"concernTotal":20}',
      store.dispatch,
      store.getState,
    );
    expect(shownTotals(store)).toEqual([120, 0]);
    search.unsubscribe();
  });
});
