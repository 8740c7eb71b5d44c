import { sql } from 'drizzle-orm';
import type { Database } from '@frenly/db';
import { SiteRepository, type SiteSeedEntry } from '../src/sites/site.repository.js';

export interface FixtureSite extends Partial<SiteSeedEntry> {
  url: string;
  title: string;
  frenlinessScore?: number;
  trustScore?: 'high' | 'medium' | 'low';
  upvotes?: number;
  downvotes?: number;
  pageText?: string;
}

/** Inserts sites in the given order (ids ascending) with their scores and votes; returns url -> id. */
export async function insertSites(
  db: Database,
  fixtures: readonly FixtureSite[],
): Promise<Map<string, number>> {
  const repository = new SiteRepository(db);
  const ids = new Map<string, number>();
  for (const fixture of fixtures) {
    const url = new URL(fixture.url).href;
    const [site] = await repository.insertNew(
      db,
      [
        {
          url,
          domain: fixture.domain ?? new URL(url).hostname.replace(/^www\./, ''),
          title: fixture.title,
          description: fixture.description ?? '',
          tags: fixture.tags ?? [],
          language: 'en',
        },
      ],
      'seed',
    );
    if (!site) throw new Error(`fixture ${url} was not inserted`);
    await db.execute(sql`update search.sites set
      frenliness_score = ${fixture.frenlinessScore ?? null}, trust_score = ${fixture.trustScore ?? null},
      upvotes = ${fixture.upvotes ?? 0}, downvotes = ${fixture.downvotes ?? 0}, page_text = ${fixture.pageText ?? ''}
      where id = ${site.id}`);
    ids.set(url, site.id);
  }
  return ids;
}
