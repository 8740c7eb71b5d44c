import { LENS_TYPES } from '@frenly/contracts';
import { readFileSync } from 'node:fs';
import { analyzePage } from '../pipeline/analyze-page.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { reframeLocally, sentencesOf } from './local-reframer.js';

describe(reframeLocally.name, () => {
  const content = 'Acme Tools. We utilize numerous innovative solutions in order to simplify your purchase, and our customers love the amazing results.';

  it('rewrites per lens: five different texts, each built from the content', () => {
    const texts = LENS_TYPES.map((lens) => reframeLocally({ lens, content, report: null, domain: 'acme.example' }).reframedContent);
    expect(new Set(texts).size).toBe(5);
    for (const text of texts) expect(text).toContain('Acme Tools');
  });

  it('clarity replaces jargon and hype with plain words', () => {
    const { reframedContent } = reframeLocally({ lens: 'clarity', content, report: null, domain: 'acme.example' });
    expect(reframedContent).toBe('In plain words: Acme Tools. We use many tools to simplify your order. Our customers love the results.');
  });

  it('changes with the content: other content, other text', () => {
    const a = reframeLocally({ lens: 'love', content: 'Acme Tools. Hammers for makers.', report: null, domain: 'acme.example' });
    const b = reframeLocally({ lens: 'love', content: 'Acme Tools. Saws for carpenters.', report: null, domain: 'acme.example' });
    expect(a.reframedContent).toContain('Hammers for makers');
    expect(b.reframedContent).toContain('Saws for carpenters');
  });

  it('uses the evidence: trust separates claims from what Frenly checked', async () => {
    const catalog = await TrackerCatalog.load();
    const html = readFileSync(new URL('../../test/fixtures/sites/dark-shop.html', import.meta.url), 'utf8');
    const report = analyzePage({ requestedUrl: 'https://watch.example/', finalUrl: 'https://watch.example/', status: 200, headers: {}, html, tls: true, certificateValid: true, redirects: 0, bytes: html.length }, catalog);
    const result = reframeLocally({ lens: 'trust', content: 'Chronos. The best watches, always guaranteed.', report, domain: 'watch.example' });
    expect(result.reframedContent).toContain('What watch.example says: “Chronos. The best watches, always guaranteed.”');
    expect(result.reframedContent).toContain('3 tracking organisations see each visit (Google, advertising; Meta, advertising; Hotjar, analytics)');
    expect(result.reframedContent).toContain('Claims to verify yourself: “The best watches, always guaranteed”');
    expect(result.actionableAdvice).toMatch(/^Remove the /);
  });

  it('splits sentences on end punctuation', () => {
    expect(sentencesOf('One. Two!  Three? Four')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });
});
