import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { SiteNav } from '../../../components/site-nav';
import { FrenlinessBadge } from '../../../components/frenliness-badge';
import { BAND_LABEL, bandRange, type ScoreBand } from '../../../lib/frenliness';
import { useDocumentTitle } from '../../../lib/use-document-title';

const BANDS: ReadonlyArray<{ band: ScoreBand; example: number; meaning: string }> = [
  {
    band: 'best',
    example: 88,
    meaning: 'Little or no tracking, no manipulative design, accessible and clear.',
  },
  { band: 'good', example: 70, meaning: 'Treats visitors well, with a few things to fix.' },
  {
    band: 'fair',
    example: 50,
    meaning: 'Some tracking or pressure, or real barriers for some people.',
  },
  {
    band: 'poor',
    example: 30,
    meaning:
      'Advertisers follow visitors, the page pressures them, or both. Results show a Community Alert.',
  },
];

const PARTS: ReadonlyArray<{ name: string; what: string }> = [
  {
    name: 'Privacy',
    what: 'Which organisations the page lets follow your visit, and for what: advertising weighs the most, then analytics and the rest (Ghostery’s tracker database names them).',
  },
  {
    name: 'Honest design',
    what: 'Manipulative patterns: false urgency, scarcity and social proof, confirmshaming, hidden costs and subscriptions, things added to your basket, hard-to-cancel offers, forced sign-up.',
  },
  {
    name: 'Accessibility',
    what: 'Alt text, labels, headings, names of links and buttons, language, zoom.',
  },
  {
    name: 'Low friction',
    what: 'Pop-ups at load, cookie walls, blocked pasting, forced accounts.',
  },
  { name: 'Clarity', what: 'How readable the text is, and whether the page says what it offers.' },
  { name: 'Joy factor', what: 'A calm page: no autoplay, no flashing, no clutter of ads.' },
  { name: 'Security', what: 'Served over HTTPS with a valid certificate.' },
];

/** "How scores work": the Frenliness score in words, its evidence and its limits. */
export default function ScoresPage() {
  useDocumentTitle('How scores work – Frenly');
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Logo />
          <SiteNav className="order-3 w-full sm:order-none sm:w-auto" />
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-8 px-4 py-8 text-slate-800">
        <div>
          <Link
            to="/search"
            className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            Back to search
          </Link>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-slate-900">
            How scores work
          </h1>
          <p className="mt-2 leading-relaxed">
            Every analysed site gets a Frenliness score from 0 to 100: how well the page treats the
            people who visit it. It comes from evidence Frenly collected on the page itself, and
            every finding says how it was seen. A site Frenly has not analysed says so; it never
            gets an invented score.
          </p>
        </div>

        <section aria-labelledby="bands-heading" className="grid gap-3">
          <h2 id="bands-heading" className="text-xl font-semibold text-slate-900">
            What the bands mean
          </h2>
          <ul className="grid gap-2">
            {BANDS.map(({ band, example, meaning }) => (
              <li
                key={band}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3"
              >
                <FrenlinessBadge score={example} />
                <span className="font-medium text-slate-900">
                  {BAND_LABEL[band]} · {bandRange(band)}
                </span>
                <span className="w-full text-sm text-slate-700 sm:w-auto sm:flex-1">{meaning}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="parts-heading" className="grid gap-3">
          <h2 id="parts-heading" className="text-xl font-semibold text-slate-900">
            What goes into it
          </h2>
          <p className="leading-relaxed">
            Seven parts, each scored from its own checks. Privacy and honest design weigh the most,
            because they are what a visitor cannot see for themselves.
          </p>
          <dl className="grid gap-2">
            {PARTS.map(({ name, what }) => (
              <div key={name} className="rounded-xl border border-slate-200 bg-white p-3">
                <dt className="font-medium text-slate-900">{name}</dt>
                <dd className="mt-0.5 text-sm text-slate-700">{what}</dd>
              </div>
            ))}
          </dl>
          <p className="leading-relaxed">
            Some evidence sets a ceiling that polish elsewhere cannot lift: advertisers following
            visitors, several kinds of manipulative design (lower still when both happen on one
            page), no valid HTTPS, or very poor accessibility. An analysis lists every ceiling it
            applied and why.
          </p>
        </section>

        <section aria-labelledby="limits-heading" className="grid gap-3">
          <h2 id="limits-heading" className="text-xl font-semibold text-slate-900">
            What it does not see
          </h2>
          <p className="leading-relaxed">
            Frenly reads the HTML a site sends: each finding says whether it was seen in the
            page&rsquo;s HTML or in one of its inline scripts. It does not yet run the page&rsquo;s
            JavaScript, so trackers a tag manager adds after load, colour contrast and what a page
            builds in the browser are not checked; an analysis says so rather than guess.
          </p>
          <p className="leading-relaxed">
            The community&rsquo;s votes and bamboo are shown beside the score and never change it;
            together with the score they decide the trust level (High Trust). The explanations are
            written by Frenly&rsquo;s rules unless a language model is connected, and the scores
            always come from the rules. Each analysis records the version of the scoring it used.
          </p>
        </section>
      </main>
    </div>
  );
}
