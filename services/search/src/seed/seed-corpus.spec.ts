import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSeedCorpus } from './seed-corpus.js';

describe(loadSeedCorpus.name, () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seed-corpus-'));
    await mkdir(join(dir, 'corpus-a'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = (name: string, content: unknown) =>
    writeFile(
      join(dir, 'corpus-a', name),
      typeof content === 'string' ? content : JSON.stringify(content),
    );

  it('loads a host name with "_" and skips each bad entry, reporting where and why, without failing the load', async () => {
    await write('1.json', [
      {
        url: 'https://fahrenheit_fact.blogspot.com/',
        title: 'Fahrenheit facts',
        description: 'Temperature trivia.',
      },
      { url: 'ftp://example.org/', title: 'Not the web' },
      { url: 'https://example.org/', title: '   ' },
      null,
      { url: 'https://example.net/', title: 'Example' },
    ]);
    await write('2.json', '{ not json');
    await write('3.json', { url: 'https://example.com/' });

    const corpus = await loadSeedCorpus(dir);

    expect(corpus.entries.map((entry) => [entry.url, entry.domain])).toEqual([
      ['https://fahrenheit_fact.blogspot.com/', 'fahrenheit_fact.blogspot.com'],
      ['https://example.net/', 'example.net'],
    ]);
    expect(corpus.read).toBe(5);
    expect(corpus.skipped.map((entry) => entry.where)).toEqual([
      'corpus-a/1.json[1]',
      'corpus-a/1.json[2]',
      'corpus-a/1.json[3]',
      'corpus-a/2.json',
      'corpus-a/3.json',
    ]);
    expect(corpus.skipped[0]?.reason).toContain('http or https');
    expect(corpus.skipped[1]?.reason).toBe('url and title are required');
    expect(corpus.skipped[3]?.reason).toContain('not valid JSON');
    expect(corpus.skipped[4]?.reason).toBe('expected an array of sites');
  });

  it('skips nothing in the shipped corpus', async () => {
    expect((await loadSeedCorpus()).skipped).toEqual([]);
  });
});
