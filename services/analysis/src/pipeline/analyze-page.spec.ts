import { readFileSync } from 'node:fs';
import { analyzePage } from './analyze-page.js';
import type { PageSnapshot } from './snapshot.js';
import { TrackerCatalog } from './trackers/tracker-catalog.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../test/fixtures/sites/${name}.html`, import.meta.url), 'utf8');

function snapshot(html: string, overrides: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    requestedUrl: 'https://example.org/',
    finalUrl: 'https://example.org/',
    status: 200,
    headers: {},
    html,
    tls: true,
    certificateValid: true,
    redirects: 0,
    bytes: html.length,
    ...overrides,
  };
}

describe(analyzePage.name, () => {
  let catalog: TrackerCatalog;
  beforeAll(async () => {
    catalog = await TrackerCatalog.load();
  });

  it('is deterministic: the same snapshot gives the same report', () => {
    const page = snapshot(fixture('dark-shop'));
    expect(analyzePage(page, catalog)).toEqual(analyzePage(page, catalog));
  });

  it('weights the dimensions into Frenliness and explains the caps it applies', () => {
    const report = analyzePage(
      snapshot(fixture('dark-shop'), {
        requestedUrl: 'http://example.org/',
        finalUrl: 'http://example.org/',
        tls: false,
        certificateValid: false,
      }),
      catalog,
    );
    const weighted = Math.round(
      0.15 * report.dimensions.accessibility +
        0.1 * report.dimensions.clarity +
        0.15 * report.dimensions.lowFriction +
        0.1 * report.dimensions.joyFactor +
        0.2 * report.dimensions.privacy +
        0.1 * report.dimensions.security +
        0.2 * report.dimensions.honesty,
    );
    expect(report.uncappedScore).toBe(weighted);
    // Two advertisers and ten kinds of manipulative design: the combined cap (34) is the lowest that applies.
    expect(report.frenlinessScore).toBe(Math.min(weighted, 34));
    expect(report.isVerified).toBe(false);
  });

  it('caps a polished page that manipulates, and says so', () => {
    const html = fixture('friendly-blog').replace('</main>', '<p>Only 2 left in stock.</p></main>');
    const report = analyzePage(snapshot(html), catalog);
    expect(report.uncappedScore).toBeGreaterThan(69);
    expect(report.frenlinessScore).toBe(69);
    expect(report.capsApplied).toEqual(['the page uses a manipulative design pattern']);
    expect(report.reasoning).toContain(
      'The score is capped because the page uses a manipulative design pattern.',
    );
    expect(report.trustScore).toBe('medium');
  });

  it('builds the words from the evidence', () => {
    const report = analyzePage(snapshot(fixture('dark-shop')), catalog);
    expect(report.reasoning).toContain(
      'Google (advertising), Meta (advertising), Hotjar (analytics)',
    );
    expect(report.reasoning).toContain('low-stock message');
    expect(report.improvements[0]).toMatch(/^Remove advertising trackers \(Google, Meta\)/);
    // 10 kinds: '17 people are viewing this right now' is an activity notification (social proof, as in Mathur et al.), not a high-demand message.
    expect(report.summary).toBe(
      `3 trackers · 10 manipulative patterns · accessibility ${report.uxScore.accessibility}`,
    );
    expect(report.title).toBe('MEGA DEALS - Luxury Watches');
  });

  it('gives one word count of a page: reading ease is told over sentences, beside the prose words', () => {
    const sentence = 'Our 12 bakers bake 300 loaves of bread for the town every single morning.';
    const html = `<html lang="en"><body><main><h1>Bakery</h1><p>${Array(6).fill(sentence).join(' ')}</p></main></body></html>`;
    const details = analyzePage(snapshot(html), catalog)
      .evidence.checks.filter((check) => check.id.startsWith('clarity.'))
      .map((check) => check.detail)
      .join(' ');
    expect(details).toContain('Flesch reading ease');
    expect(details).toContain('over 6 sentences');
    // The one total: the prose words, numbers included (the readability count takes letters only).
    expect(details).not.toMatch(/over \d+ words/);
    expect(details.match(/\d+ words of prose/g)).toEqual([
      '84 words of prose',
      '84 words of prose',
    ]);
  });
});
