import { plainShopReport } from '../../test/unit/analysis.factories.js';
import { observation } from '../../test/unit/browser-observation.factory.js';
import { enrichReport } from '../pipeline/enrich/enrich-report.js';
import { withBrowserPending } from '../pipeline/enrich/browser-status.js';
import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import { consentCheck, designFindings, describeTimer } from './design-findings.js';
import type { ConsentObservation, DesignObservation } from './design-observation.js';

const nothing: DesignObservation = {
  consent: null,
  timers: [],
  preChecked: [],
  deEmphasisedDeclines: [],
};

const consent = (overrides: Partial<ConsentObservation> = {}): ConsentObservation => ({
  cmp: 'Complianz banner',
  bannerVisible: true,
  inspected: true,
  frameHost: null,
  rejectClicks: 2,
  rejectText: 'Deny',
  path: ['Manage options'],
  trackersBeforeChoice: ['Google', 'Meta'],
  ...overrides,
});

function site(homepage: Partial<DesignObservation>, inner?: Partial<DesignObservation>) {
  return {
    homepage: observation('https://shop.example/', { design: { ...nothing, ...homepage } }),
    innerPage: inner
      ? observation('https://shop.example/basket', { design: { ...nothing, ...inner } })
      : null,
    innerPageSkipped: inner ? null : 'test',
  };
}

describe(consentCheck.name, () => {
  it('says the reject is two clicks deep and that trackers came before any choice', () => {
    expect(consentCheck(consent())).toEqual({
      id: 'friction.cookie-consent',
      score: 0.25,
      detail:
        'A cookie banner (Complianz banner, recognised by autoconsent) offers "Deny" only after 1 more click ("Manage options"), so rejecting takes 2 clicks, in a real browser. Trackers were contacted before any consent choice: Google, Meta.',
      fix: 'Load no tracker before the visitor chooses, and offer "Reject all" beside "Accept all".',
      evidence: [
        'consent platform: Complianz banner',
        'reject control: "Deny"',
        'contacted before a choice: Google',
        'contacted before a choice: Meta',
      ],
    });
  });

  it('claims neither a hidden reject nor trackers when reject is on the banner and none fired', () => {
    const check = consentCheck(
      consent({
        cmp: 'HEURISTIC-REJECT',
        rejectClicks: 1,
        rejectText: 'Reject all',
        path: [],
        trackersBeforeChoice: [],
      }),
    );
    expect(check?.detail).toBe(
      'A cookie banner offers "Reject all" on its first layer, in a real browser. No tracker was contacted before a consent choice.',
    );
    expect(check?.score).toBe(0.8);
    expect(check?.evidence).toEqual([
      "banner found by autoconsent's heuristic",
      'reject control: "Reject all"',
    ]);
  });

  it('says what it tried when no reject control was found', () => {
    expect(
      consentCheck(consent({ rejectClicks: null, rejectText: null, trackersBeforeChoice: [] }))
        ?.detail,
    ).toBe(
      'A cookie banner (Complianz banner, recognised by autoconsent) showed no reject control on its first layer nor after 1 click on "Manage options", in a real browser. No tracker was contacted before a consent choice.',
    );
  });

  it('claims only the trackers for a banner whose controls it could not reach', () => {
    const unreached = consent({
      inspected: false,
      rejectClicks: null,
      rejectText: null,
      path: [],
    });
    expect(consentCheck({ ...unreached, trackersBeforeChoice: [] })).toBeNull();
    expect(consentCheck(unreached)).toMatchObject({
      score: 0.35,
      detail:
        'A cookie banner (Complianz banner, recognised by autoconsent) was shown where Frenly could not reach its controls, so it did not look for a reject control, in a real browser. Trackers were contacted before any consent choice: Google, Meta.',
    });
  });

  it('says which frame a banner drawn in a frame came from, and how deep its reject was found there', () => {
    expect(
      consentCheck(consent({ frameHost: 'consent.example', trackersBeforeChoice: [] }))?.detail,
    ).toBe(
      'A cookie banner (Complianz banner, recognised by autoconsent), drawn in a frame from consent.example, offers "Deny" only after 1 more click ("Manage options"), so rejecting takes 2 clicks, in a real browser. No tracker was contacted before a consent choice.',
    );
  });
});

describe(designFindings.name, () => {
  it('claims nothing for a page with nothing to find', () => {
    expect(designFindings(site({}))).toEqual({ checks: [], manipulation: [] });
    // A platform's script without a visible banner is nothing a visitor had to answer.
    expect(designFindings(site({ consent: consent({ bannerVisible: false }) }))).toEqual({
      checks: [],
      manipulation: [],
    });
  });

  it('calls only a countdown that started over on reload fake', () => {
    const samples = [
      { seconds: 599, atMs: 0 },
      { seconds: 597, atMs: 2_000 },
    ];
    const findings = designFindings(
      site({
        timers: [
          {
            text: '09:59',
            samples,
            countsDown: true,
            restartsOnReload: true,
            afterReloadSeconds: 600,
          },
          {
            text: '59:10',
            samples,
            countsDown: true,
            restartsOnReload: false,
            afterReloadSeconds: 3_540,
          },
          {
            text: '17:30',
            samples: [],
            countsDown: false,
            restartsOnReload: null,
            afterReloadSeconds: null,
          },
        ],
      }),
    );
    expect(findings.manipulation).toEqual([
      {
        pattern: 'countdown-timer',
        category: 'urgency',
        categories: ['urgency'],
        name: 'Countdown timer that starts over on reload',
        severity: 0.25,
        evidence: 'a countdown (mm:ss) went down while watched, then started over after a reload',
        source: 'countdown',
      },
    ]);
  });

  it('names pre-checked add-ons with their price, marketing boxes, and faint declines, once across pages', () => {
    const preChecked = [
      {
        kind: 'paid-add-on',
        control: 'checkbox',
        label: 'Add travel insurance (+€4.99)',
        price: '€4.99',
      },
      { kind: 'marketing', control: 'checkbox', label: 'Send me offers', price: null },
    ] as const;
    const findings = designFindings(
      site(
        {
          preChecked,
          deEmphasisedDeclines: [
            {
              accept: 'Accept all',
              decline: 'reject',
              reasons: ['text 11px beside 20px', 'plain text beside a filled button'],
              consentBanner: true,
            },
          ],
        },
        { preChecked },
      ),
    );
    expect(findings.manipulation.map((f) => [f.pattern, f.name, f.evidence])).toEqual([
      [
        'sneak-into-basket',
        'Paid add-on ticked in advance (€4.99)',
        'Add travel insurance (+€4.99)',
      ],
      ['pre-checked-opt-in', 'Marketing consent ticked in advance', 'Send me offers'],
      [
        'visual-interference',
        'Visual interference (reject drawn less visibly than accept)',
        '"reject" beside "Accept all": text 11px beside 20px, plain text beside a filled button',
      ],
    ]);
  });

  it('uses the first page whose banner was visible for the consent check', () => {
    const findings = designFindings(site({}, { consent: consent({ trackersBeforeChoice: [] }) }));
    expect(findings.checks.map((c) => c.id)).toEqual(['friction.cookie-consent']);
  });
});

describe(describeTimer.name, () => {
  it('keeps the format, not the digits', () => {
    expect(describeTimer('09:58')).toBe('mm:ss');
    expect(describeTimer('1:02:03')).toBe('hh:mm:ss');
    expect(describeTimer('2d 3h 15m')).toBe('Nd Nh Nm');
  });
});

describe('design findings in the enriched report', () => {
  it("replace the HTML tier's consent check and add the browser-only patterns, seen by the browser", async () => {
    const html = withBrowserPending(await plainShopReport('https://shop.example/'));
    const report = enrichReport(
      html,
      site({
        consent: consent(),
        preChecked: [
          {
            kind: 'paid-add-on',
            control: 'checkbox',
            label: 'Add travel insurance (+€4.99)',
            price: '€4.99',
          },
        ],
      }),
      {
        catalog: await TrackerCatalog.load(),
        screenshotUrl: null,
        checkedAt: '2026-11-27T06:00:00.000Z',
      },
    );
    expect(
      report.evidence.checks.filter((check) => check.id === 'friction.cookie-consent'),
    ).toEqual([
      expect.objectContaining({
        seenBy: 'browser',
        detail: expect.stringContaining('Trackers were contacted before any consent choice'),
      }),
    ]);
    expect(report.evidence.manipulation).toContainEqual(
      expect.objectContaining({ pattern: 'sneak-into-basket', seenBy: 'browser' }),
    );
  });
});
