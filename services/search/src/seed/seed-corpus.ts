import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalUrl, domainOf, InvalidUrlError } from '@frenly/contracts';
import type { SiteSeedEntry } from '../sites/site.repository.js';

/** services/search/seed: one level above both src/ and dist/. */
export const SEED_DIR = fileURLToPath(new URL('../../seed', import.meta.url));

export interface SeedCorpus {
  /** Content hash: a changed corpus is a new version, loaded (for its new urls) once. */
  readonly version: string;
  readonly entries: readonly SiteSeedEntry[];
  /** Entries read before de-duplication by canonical url. */
  readonly read: number;
  /** Entries (or whole files) left out because they were unusable; the rest load. */
  readonly skipped: readonly SkippedSeedEntry[];
}

export interface SkippedSeedEntry {
  /** `corpus/file.json[index]`, or the file name when the whole file is unreadable. */
  readonly where: string;
  readonly reason: string;
}

interface RawEntry {
  url?: unknown;
  title?: unknown;
  description?: unknown;
  tags?: unknown;
  language?: unknown;
}

/**
 * Reads every `<dir>/corpus-*\/*.json` (arrays of {url, title, description, tags, language}),
 * canonicalises urls and merges duplicates (first title and description win, tags are joined).
 * Files and entries are read in name order, so the result (and its version) is stable.
 * One bad entry (no title, an address canonicalUrl refuses) or unreadable file is skipped and
 * reported in `skipped`: it must not keep the thousand good ones out of a fresh install.
 */
export async function loadSeedCorpus(dir = SEED_DIR): Promise<SeedCorpus> {
  const files = await readSeedFiles(dir);
  const byUrl = new Map<string, SiteSeedEntry>();
  const skipped: SkippedSeedEntry[] = [];
  let read = 0;
  for (const file of files) {
    const raw = parseArray(file);
    if (typeof raw === 'string') {
      skipped.push({ where: file.name, reason: raw });
      continue;
    }
    raw.forEach((item: RawEntry, index) => {
      read += 1;
      const where = `${file.name}[${index}]`;
      const entry = toEntry(item);
      if (typeof entry === 'string') {
        skipped.push({ where, reason: entry });
        return;
      }
      const known = byUrl.get(entry.url);
      if (known) known.tags = [...new Set([...known.tags, ...entry.tags])];
      else byUrl.set(entry.url, entry);
    });
  }
  return { version: versionOf(files), entries: [...byUrl.values()], read, skipped };
}

/** The file's array of entries, or why it has none. */
function parseArray(file: SeedFile): RawEntry[] | string {
  let raw: unknown;
  try {
    raw = JSON.parse(file.text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  return Array.isArray(raw) ? (raw as RawEntry[]) : 'expected an array of sites';
}

/** The corpus version without parsing it (a start that finds it loaded stops here). */
export async function seedCorpusVersion(dir = SEED_DIR): Promise<string> {
  return versionOf(await readSeedFiles(dir));
}

interface SeedFile {
  readonly name: string;
  readonly text: string;
}

async function readSeedFiles(dir: string): Promise<SeedFile[]> {
  const corpora = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const files: SeedFile[] = [];
  for (const corpus of corpora) {
    const names = (await readdir(join(dir, corpus)))
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const name of names)
      files.push({
        name: `${corpus}/${name}`,
        text: await readFile(join(dir, corpus, name), 'utf8'),
      });
  }
  return files;
}

function versionOf(files: readonly SeedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.text).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** The entry as the catalogue stores it, or why it cannot be stored. */
function toEntry(item: RawEntry): SiteSeedEntry | string {
  if (
    item === null ||
    typeof item !== 'object' ||
    typeof item.url !== 'string' ||
    typeof item.title !== 'string' ||
    item.title.trim() === ''
  ) {
    return 'url and title are required';
  }
  let url: string;
  try {
    url = canonicalUrl(item.url);
  } catch (error) {
    if (error instanceof InvalidUrlError)
      return `${error.message}: ${JSON.stringify(item.url.slice(0, 200))}`;
    throw error;
  }
  const tags = Array.isArray(item.tags)
    ? item.tags
        .filter((tag): tag is string => typeof tag === 'string')
        .map((tag) => tag.trim().toLowerCase())
    : [];
  return {
    url,
    domain: domainOf(url),
    title: item.title.trim(),
    description: typeof item.description === 'string' ? item.description.trim() : '',
    tags: [...new Set(tags.filter((tag) => tag !== ''))],
    language:
      typeof item.language === 'string' && item.language.trim() !== ''
        ? item.language.trim().toLowerCase()
        : null,
  };
}
