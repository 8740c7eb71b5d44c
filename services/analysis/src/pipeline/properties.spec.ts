import fc from 'fast-check';
import { canonicalUrl, tryCanonicalUrl } from '@frenly/contracts';
import { analyzePage } from './analyze-page.js';
import { scanPage } from './scan/page-scanner.js';
import { TrackerCatalog } from './trackers/tracker-catalog.js';

// Arbitrary markup: tags, attributes and text from a small alphabet, so that odd nesting,
// unclosed elements and stray entities come up often.
const markup = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<p>',
        '</p>',
        '<div class="modal">',
        '</div>',
        '<a href="/x">',
        '</a>',
        '<img src=x>',
        '<input type=checkbox checked>',
        '<label>',
        '</label>',
        '<button>',
        '</button>',
        '<script>',
        '</script>',
        '<h3>',
        '</h4>',
        '<dialog open>',
        '&amp;',
        '&#x41;',
        '<!--',
        '-->',
      ),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        'Only 2 left in stock',
        'Add to cart',
        'No thanks, I prefer paying full price',
        'Sale ends in 01:00:00',
      ),
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('pipeline properties', () => {
  let catalog: TrackerCatalog;
  beforeAll(async () => {
    catalog = await TrackerCatalog.load();
  });

  it('scans any markup without throwing, and keeps counts consistent', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const facts = scanPage(html);
        expect(facts.words).toBe(facts.segments.reduce((sum, segment) => sum + segment.words, 0));
        expect(facts.htmlChars).toBe(html.length);
      }),
      { numRuns: 300 },
    );
  });

  it('gives every page scores within 0–100, the same on every run', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const snapshot = {
          requestedUrl: 'https://p.example/',
          finalUrl: 'https://p.example/',
          status: 200,
          headers: {},
          html,
          tls: true,
          certificateValid: true,
          redirects: 0,
          bytes: html.length,
        };
        const report = analyzePage(snapshot, catalog);
        for (const score of [report.frenlinessScore, ...Object.values(report.dimensions)]) {
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
        }
        expect(analyzePage(snapshot, catalog)).toEqual(report);
      }),
      { numRuns: 100 },
    );
  });

  it('canonical URLs are stable: canonicalising twice changes nothing', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const once = tryCanonicalUrl(url);
        if (once !== undefined) expect(canonicalUrl(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});
