import { useState } from 'react';
import { Logo } from '../../../components/logo';
import { SiteNav } from '../../../components/site-nav';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountArea } from '../../auth/components/account-area';
import { SearchBox } from '../components/search-box';
import { TrendingChips } from '../components/trending-chips';
import { useRunSearch } from '../use-run-search';

/** Search home: logo, the big search box, the two search buttons and trending chips. */
export default function SearchHomePage() {
  useDocumentTitle('Frenly Search');
  const [text, setText] = useState('');
  const runSearch = useRunSearch();

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-emerald-50/70 via-white to-white">
      <header className="flex flex-wrap items-center justify-between gap-2 px-3 py-3 sm:px-6">
        <SiteNav />
        <div className="ml-auto">
          <AccountArea />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 pt-[12vh] pb-16 sm:pt-[16vh]">
        <h1 className="sr-only">Frenly Search</h1>
        <Logo size="lg" />
        <p className="mt-3 mb-8 text-center text-slate-600">
          Search the web and see what kind of site you are about to visit.
        </p>
        <SearchBox value={text} onChange={setText} onSearch={runSearch} autoFocus>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={() => runSearch(text)}>
              Frenly Search
            </Button>
            <Button variant="secondary" onClick={() => runSearch(text)}>
              I&apos;m Feeling Frenly
            </Button>
          </div>
        </SearchBox>
        <div className="mt-12 w-full">
          <TrendingChips onPick={(chip) => runSearch(chip)} />
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-xs text-slate-600">
        Every result shows the community's votes; once Frenly has analysed a site, its Frenliness
        score, trackers and design patterns too.
      </footer>
    </div>
  );
}
