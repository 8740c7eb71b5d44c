import { Topics } from '@frenly/contracts';
import type { Database } from '@frenly/db';
import { fakeOf } from '@frenly/testing';
import type { OutboxWriter } from '../events/outbox-writer.js';
import { SearchError, SearchErrorCode } from '../search.errors.js';
import { SiteRepository, type UpsertOutcome } from '../sites/site.repository.js';
import { SiteIdsService } from './site-ids.service.js';

const INDEXED_AT = new Date('2026-11-27T12:00:00.000Z');

function outcome(announce: boolean): UpsertOutcome {
  return {
    site: {
      id: 9,
      url: 'https://shop.example/',
      domain: 'shop.example',
      title: 'Shop',
      indexedAt: INDEXED_AT,
    },
    siteId: 9,
    isSite: true,
    announce,
  };
}

function setup() {
  const tx = {};
  const db = fakeOf<Database>({
    transaction: (async (work: (tx: unknown) => Promise<unknown>) =>
      work(tx)) as unknown as Database['transaction'],
  });
  const sites = fakeOf<SiteRepository>();
  const outbox = fakeOf<OutboxWriter>();
  outbox.write.mockResolvedValue(undefined);
  sites.registerSite.mockResolvedValue(outcome(true));
  const sut = new SiteIdsService(db, sites, outbox);
  return { sut, tx, sites, outbox };
}

describe(SiteIdsService.name, () => {
  it('registers the canonical URL with its domain and title, and answers what site-indexed carries', async () => {
    const { sut, tx, sites } = setup();

    const answer = await sut.siteOf({ url: 'HTTPS://Shop.Example#top', title: 'Shop' });

    expect(sites.registerSite).toHaveBeenCalledWith(
      tx,
      'https://shop.example/',
      'shop.example',
      'Shop',
    );
    expect(answer).toEqual({
      siteId: 9,
      url: 'https://shop.example/',
      domain: 'shop.example',
      title: 'Shop',
      indexedAt: INDEXED_AT.toISOString(),
    });
  });

  it('announces a new (or promoted) site in the same transaction, then wakes the relay', async () => {
    const { sut, tx, outbox } = setup();

    await sut.siteOf({ url: 'https://shop.example/', title: 'Shop' });

    expect(outbox.write).toHaveBeenCalledWith(tx, [
      expect.objectContaining({
        topic: Topics.SiteIndexed,
        payload: expect.objectContaining({ siteId: 9, url: 'https://shop.example/' }),
      }),
    ]);
    expect(outbox.committed).toHaveBeenCalledTimes(1);
  });

  it('announces nothing for a site the catalogue already had', async () => {
    const { sut, sites, outbox } = setup();
    sites.registerSite.mockResolvedValue(outcome(false));

    await expect(
      sut.siteOf({ url: 'https://shop.example/', title: 'Shop' }),
    ).resolves.toMatchObject({ siteId: 9 });
    expect(outbox.write).not.toHaveBeenCalled();
    expect(outbox.committed).not.toHaveBeenCalled();
  });

  it('refuses a URL that cannot be catalogued with 400 INVALID_URL, before any write', async () => {
    const { sut, sites } = setup();

    const error = await sut.siteOf({ url: 'ftp://shop.example/', title: 'Shop' }).then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(SearchError);
    expect([(error as SearchError).code, (error as SearchError).httpStatus]).toEqual([
      SearchErrorCode.InvalidUrl,
      400,
    ]);
    expect(sites.registerSite).not.toHaveBeenCalled();
  });
});
