import { LogInIcon, ScaleIcon, SearchIcon, SparklesIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { signInHref } from '../../../lib/mutation-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuthProvidersQuery } from '../../auth/auth.api';

const BLURBS = [
  {
    icon: SearchIcon,
    title: 'Search with insight',
    text: 'Each result Frenly has analysed shows its Frenliness score, the trackers it loaded and the design tricks it uses.',
  },
  {
    icon: ScaleIcon,
    title: 'Community-driven',
    text: 'Vote on sites and stake bamboo to support the good ones or raise a concern, live for everyone.',
  },
  {
    icon: SparklesIcon,
    title: 'Analyze any website',
    text: 'The Frenly Analyzer explains a site’s score, rates its UX and reframes its content through five lenses.',
  },
];

/** Landing (sign-in) screen (spec §2): one sign-in button per configured provider. */
export default function LandingPage() {
  useDocumentTitle('Welcome to Frenly');
  const { data: providers, isLoading } = useAuthProvidersQuery();
  // Set by "Sign in" elsewhere in the app; the gateway accepts only a path on this site.
  const returnTo = useSearchParams()[0].get('returnTo');

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-emerald-50 via-white to-white">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Logo />
        <Button asChild variant="ghost" size="sm">
          <Link to="/search">
            <SearchIcon aria-hidden="true" />
            Search without signing in
          </Link>
        </Button>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
        <h1 className="text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
          Welcome to <span className="text-emerald-700">Frenly</span>
        </h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-700">
          AI-powered web transparency and community-driven website analysis
        </p>

        <div className="mt-8 flex w-full max-w-sm flex-col gap-3" aria-busy={isLoading}>
          {providers && providers.length > 0 ? (
            providers.map((provider) => (
              <Button key={provider.id} asChild size="lg">
                <a href={signInHref(returnTo, `/auth/${encodeURIComponent(provider.id)}`)}>
                  <LogInIcon aria-hidden="true" />
                  Sign in with {provider.name}
                </a>
              </Button>
            ))
          ) : (
            <Button asChild size="lg">
              <a href={signInHref(returnTo)}>
                <LogInIcon aria-hidden="true" />
                Sign in
              </a>
            </Button>
          )}
          <p className="text-sm text-slate-600">
            New here? Signing in gives you bamboo to stake on the sites you care about.
          </p>
        </div>

        <ul className="mt-16 grid w-full gap-4 text-left sm:grid-cols-3">
          {BLURBS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
