import { LENS_TYPES } from '@frenly/contracts';
import { readFileSync } from 'node:fs';
import { analyzePage } from '../pipeline/analyze-page.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { reframeLocally, sentencesOf } from './local-reframer.js';

describe(reframeLocally.name, () => {
  const content =
    'Acme Tools. We utilize numerous innovative solutions in order to simplify your purchase, and our customers love the amazing results.';

  it('rewrites per lens: five different texts, each built from the content', () => {
    const texts = LENS_TYPES.map(
      (lens) =>
        reframeLocally({ lens, content, report: null, domain: 'acme.example' }).reframedContent,
    );
    expect(new Set(texts).size).toBe(5);
    for (const text of texts) expect(text).toContain('Acme Tools');
  });

  it('clarity replaces jargon and hype with plain words', () => {
    const { reframedContent } = reframeLocally({
      lens: 'clarity',
      content,
      report: null,
      domain: 'acme.example',
    });
    expect(reframedContent).toBe(
      'In plain words: Acme Tools. We use many tools to simplify your order. Our customers love the results.',
    );
  });

  it('changes with the content: other content, other text', () => {
    const a = reframeLocally({
      lens: 'love',
      content: 'Acme Tools. Hammers for makers.',
      report: null,
      domain: 'acme.example',
    });
    const b = reframeLocally({
      lens: 'love',
      content: 'Acme Tools. Saws for carpenters.',
      report: null,
      domain: 'acme.example',
    });
    expect(a.reframedContent).toContain('Hammers for makers');
    expect(b.reframedContent).toContain('Saws for carpenters');
  });

  it('uses the evidence: trust separates claims from what Frenly checked', async () => {
    const catalog = await TrackerCatalog.load();
    const html = readFileSync(
      new URL('../../test/fixtures/sites/dark-shop.html', import.meta.url),
      'utf8',
    );
    const report = analyzePage(
      {
        requestedUrl: 'https://watch.example/',
        finalUrl: 'https://watch.example/',
        status: 200,
        headers: {},
        html,
        tls: true,
        certificateValid: true,
        redirects: 0,
        bytes: html.length,
      },
      catalog,
    );
    const result = reframeLocally({
      lens: 'trust',
      content: 'Chronos. The best watches, always guaranteed.',
      report,
      domain: 'watch.example',
    });
    expect(result.reframedContent).toContain(
      'What watch.example says: “Chronos. The best watches, always guaranteed.”',
    );
    expect(result.reframedContent).toContain(
      '3 tracking organisations see each visit (Google, advertising; Meta, advertising; Hotjar, analytics)',
    );
    expect(result.reframedContent).toContain(
      'Claims to verify yourself: “The best watches, always guaranteed”',
    );
    expect(result.actionableAdvice).toMatch(/^Remove the /);
  });

  it('clarity never changes what a sentence means: hype dropped, not turned into another claim', () => {
    const { reframedContent } = reframeLocally({
      lens: 'clarity',
      content:
        'MEGA DEALS. Unbeatable deals on everything. This requires an account and utilizing it is free.',
      report: null,
      domain: 'deals.example',
    });
    expect(reframedContent).toBe(
      'In plain words: MEGA DEALS. Deals it calls “unbeatable” on everything. This needs an account and using it is free.',
    );
    expect(reframedContent).not.toMatch(/low deals/i);
  });

  it('keeps the tense of the verbs it simplifies', () => {
    const { reframedContent } = reframeLocally({
      lens: 'clarity',
      content: 'Shop. We purchased it, we are purchasing more, and it terminated early.',
      report: null,
      domain: 'shop.example',
    });
    expect(reframedContent).toContain('We bought it');
    expect(reframedContent).toContain('we are buying more');
    expect(reframedContent).toContain('it ended early');
  });

  it('love adds no praise of its own: without an analysis it says what it cannot tell', () => {
    const { reframedContent } = reframeLocally({
      lens: 'love',
      content: 'MEGA DEALS. Cheap products for customers.',
      report: null,
      domain: 'deals.example',
    });
    expect(reframedContent).not.toContain('made with people in mind');
    expect(reframedContent).not.toMatch(/made with care|kind to your budget/);
    expect(reframedContent).toContain('Cheap products for the people it serves.');
    expect(reframedContent).toContain('Frenly has not analysed deals.example yet');
  });

  it('trust closes its quote without a stray full stop', () => {
    const { reframedContent } = reframeLocally({
      lens: 'trust',
      content: 'Chronos. The best watches.',
      report: null,
      domain: 'watch.example',
    });
    expect(reframedContent).not.toContain('”.');
  });

  it('splits sentences on end punctuation', () => {
    expect(sentencesOf('One. Two!  Three? Four')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });
});
