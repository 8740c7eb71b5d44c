// The maintained tracker database: Ghostery's TrackerDB (@ghostery/trackerdb, CC-BY-NC-SA-4.0),
// loaded once per process from the engine file the package ships. Matching is synchronous.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import loadTrackerDB, { AdblockerRequest } from '@ghostery/trackerdb';

export interface TrackerMatch {
  /** Pattern name ("Google Analytics"). */
  readonly name: string;
  /** Organisation name ("Google"); the pattern name when the database names none. */
  readonly organization: string;
  /** Category key ("advertising", "site_analytics", …). */
  readonly category: string;
}

/** adblocker request types for the kinds of resource a page loads. */
export type ResourceType =
  'script' | 'sub_frame' | 'image' | 'stylesheet' | 'media' | 'xmlhttprequest' | 'other';

type TrackerDb = Awaited<ReturnType<typeof loadTrackerDB>>;

export class TrackerCatalog {
  private constructor(
    private readonly db: TrackerDb,
    /** The database package's version, recorded in each report. */
    readonly version: string,
  ) {}

  private static loading: Promise<TrackerCatalog> | undefined;

  /** Loads the engine file shipped with the package (about 20 ms), once per process. */
  static load(): Promise<TrackerCatalog> {
    TrackerCatalog.loading ??= TrackerCatalog.read().catch((error: unknown) => {
      TrackerCatalog.loading = undefined;
      throw error;
    });
    return TrackerCatalog.loading;
  }

  private static async read(): Promise<TrackerCatalog> {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@ghostery/trackerdb');
    // dist/cjs/index.js → dist/trackerdb.engine
    const distDir = dirname(dirname(entry));
    const [engine, manifest] = await Promise.all([
      readFile(join(distDir, 'trackerdb.engine')),
      readFile(join(dirname(distDir), 'package.json'), 'utf8'),
    ]);
    const db = await loadTrackerDB(new Uint8Array(engine));
    return new TrackerCatalog(db, (JSON.parse(manifest) as { version: string }).version);
  }

  /** Organisations the database says own `domain` ("nyt.com" → The New York Times Company). */
  organisationsOfDomain(domain: string): string[] {
    const cached = this.domainOwners.get(domain);
    if (cached) return cached;
    let owners: string[];
    try {
      owners = [
        ...new Set(
          this.db
            .matchDomain(domain)
            .map((result) => result.organization?.name ?? result.pattern.name),
        ),
      ].sort();
    } catch {
      owners = [];
    }
    if (this.domainOwners.size < 10_000) this.domainOwners.set(domain, owners);
    return owners;
  }

  private readonly domainOwners = new Map<string, string[]>();

  match(url: string, type: ResourceType, pageUrl: string): TrackerMatch[] {
    let results: ReturnType<TrackerDb['matchUrl']>;
    try {
      results = this.db.matchUrl({ url, type, sourceUrl: pageUrl });
    } catch {
      return [];
    }
    return results.map((result) => ({
      name: result.pattern.name,
      organization: result.organization?.name ?? result.pattern.name,
      category: result.category.key,
    }));
  }
}

export interface PartyInfo {
  /** Registrable domain of the resource ("google-analytics.com"). */
  readonly domain: string;
  readonly hostname: string;
  readonly thirdParty: boolean;
}

/** Whether `url` is third-party to `pageUrl` (registrable domains differ, public suffix list aware). */
export function partyOf(url: string, pageUrl: string): PartyInfo | null {
  try {
    const request = AdblockerRequest.fromRawDetails({ url, sourceUrl: pageUrl, type: 'other' });
    return {
      domain: request.domain || request.hostname,
      hostname: request.hostname,
      thirdParty: request.isThirdParty,
    };
  } catch {
    return null;
  }
}
