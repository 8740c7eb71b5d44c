import {
  ArrowLeftIcon,
  ArrowRightIcon,
  ExternalLinkIcon,
  GlobeIcon,
  LoaderCircleIcon,
  LockIcon,
  PlusIcon,
  RotateCwIcon,
  SearchIcon,
  ShieldCheckIcon,
  SparklesIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/logo';
import { SiteNav } from '../../../components/site-nav';
import { Button } from '../../../components/ui/button';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountArea } from '../../auth/components/account-area';
import { analysisPath } from '../../../lib/analysis-path';
import { searchLocation } from '../../search/search-text';
import {
  BLANK_TAB_TEXT,
  isWebUrl,
  BROWSER_NAME,
  INTERCEPTION_TEXT,
  type BrowserTab,
} from '../browser-reducer';
import { useBrowser } from '../use-browser';

/** Frenly Browser: a browser mock-up with tabs that intercepts searches (spec §2). */
export default function BrowserPage() {
  useDocumentTitle(BROWSER_NAME);
  const browser = useBrowser();
  const { state, activeTab } = browser;
  const addressField = useRef<HTMLInputElement>(null);

  function openNewTab() {
    browser.newTab();
    // As in a real browser, a new tab is ready for typing.
    addressField.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    browser.submitAddress();
  }

  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col bg-slate-100">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <Logo />
            <SiteNav className="order-3 w-full sm:order-none sm:w-auto" />
            <div className="ml-auto">
              <AccountArea />
            </div>
          </div>
        </header>

        <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-2 py-4 sm:px-4 sm:py-6">
          <h1 className="mb-3 px-2 text-lg font-semibold text-slate-900">{BROWSER_NAME}</h1>
          <div className="flex min-h-[28rem] flex-1 flex-col overflow-hidden rounded-2xl border border-slate-300 bg-white shadow-md">
            {/* Tab strip */}
            <div className="flex items-end gap-1 bg-slate-200/80 px-2 pt-2">
              {/* A list of buttons rather than an ARIA tablist: each tab carries its own close button. */}
              <ul aria-label="Tabs" className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
                {state.tabs.map((tab) => (
                  <TabButton
                    key={tab.id}
                    tab={tab}
                    onActivate={() => browser.activateTab(tab.id)}
                    onClose={() => browser.closeTab(tab.id)}
                  />
                ))}
              </ul>
              <Tooltip content="New tab">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="mb-1"
                  onClick={openNewTab}
                  aria-label="New tab"
                >
                  <PlusIcon aria-hidden="true" />
                </Button>
              </Tooltip>
            </div>

            {/* Toolbar */}
            <div className="flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-2">
              <Tooltip content="Back">
                <Button variant="ghost" size="icon-sm" onClick={browser.back} aria-label="Back">
                  <ArrowLeftIcon aria-hidden="true" />
                </Button>
              </Tooltip>
              <Tooltip content="Forward">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={browser.forward}
                  aria-label="Forward"
                >
                  <ArrowRightIcon aria-hidden="true" />
                </Button>
              </Tooltip>
              <Tooltip content="Refresh">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={browser.refresh}
                  aria-label="Refresh"
                >
                  <RotateCwIcon
                    aria-hidden="true"
                    className={cn(activeTab?.isLoading && 'animate-spin')}
                  />
                </Button>
              </Tooltip>
              <form onSubmit={submit} className="min-w-0 flex-1">
                <label htmlFor="browser-address" className="sr-only">
                  Address or search
                </label>
                <div className="flex h-9 items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-3 focus-within:border-emerald-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-emerald-600/30">
                  {activeTab?.favicon === 'page' && activeTab.url.startsWith('https://') ? (
                    <LockIcon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
                  ) : (
                    <SearchIcon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
                  )}
                  <input
                    ref={addressField}
                    id="browser-address"
                    value={state.address}
                    onFocus={(e) => e.currentTarget.select()}
                    onChange={(e) => browser.setAddress(e.target.value)}
                    placeholder="Search with Frenly or enter an address"
                    autoComplete="off"
                    spellCheck={false}
                    enterKeyHint="go"
                    className="h-full min-w-0 flex-1 bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
                  />
                </div>
              </form>
            </div>

            {state.bannerVisible && (
              <div
                role="status"
                className="flex items-center gap-2 border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-900"
              >
                <ShieldCheckIcon aria-hidden="true" className="size-4 text-emerald-700" />
                {INTERCEPTION_TEXT}
              </div>
            )}

            <section
              aria-label={`Page: ${activeTab?.title ?? ''}`}
              className="flex flex-1 flex-col"
            >
              {activeTab && <TabContent tab={activeTab} />}
            </section>
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}

function TabIcon({ tab }: { tab: BrowserTab }) {
  if (tab.isLoading)
    return (
      <LoaderCircleIcon
        aria-hidden="true"
        className="size-3.5 shrink-0 animate-spin text-emerald-700"
      />
    );
  if (tab.favicon === 'search')
    return <SearchIcon aria-hidden="true" className="size-3.5 shrink-0 text-emerald-700" />;
  return <GlobeIcon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />;
}

function TabButton({
  tab,
  onActivate,
  onClose,
}: {
  tab: BrowserTab;
  onActivate: () => void;
  onClose: () => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // On a narrow screen the strip scrolls: keep the active tab in view (a new one is last).
    if (tab.isActive) item.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab.isActive]);
  return (
    <li
      ref={item}
      className={cn(
        'group flex max-w-52 min-w-28 shrink-0 items-center rounded-t-lg border border-b-0 text-sm',
        tab.isActive
          ? 'border-slate-300 bg-white text-slate-900'
          : 'border-transparent bg-slate-100 text-slate-700 hover:bg-slate-50',
      )}
    >
      <button
        type="button"
        aria-current={tab.isActive ? 'true' : undefined}
        onClick={onActivate}
        title={tab.url}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-tl-lg py-2 pl-3 text-left focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none focus-visible:ring-inset"
      >
        <TabIcon tab={tab} />
        <span className="truncate">{tab.title}</span>
      </button>
      <button
        type="button"
        onClick={onClose}
        aria-label={`Close ${tab.title}`}
        className="mr-1 rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
      >
        <XIcon aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

function TabContent({ tab }: { tab: BrowserTab }) {
  if (tab.isLoading) {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-slate-600"
        role="status"
      >
        <LoaderCircleIcon aria-hidden="true" className="size-8 animate-spin text-emerald-700" />
        <p className="text-sm">Loading…</p>
      </div>
    );
  }
  if (tab.favicon === 'blank') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <GlobeIcon aria-hidden="true" className="size-10 text-slate-300" />
        <p className="text-slate-600">{BLANK_TAB_TEXT}</p>
      </div>
    );
  }
  if (tab.favicon === 'search' && tab.query !== undefined) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
        <ShieldCheckIcon aria-hidden="true" className="size-10 text-emerald-600" />
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {BROWSER_NAME} kept this search with Frenly
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Your search for <strong className="font-semibold text-slate-800">“{tab.query}”</strong>{' '}
            goes to Frenly Search, with transparency insights beside every result.
          </p>
        </div>
        <Button asChild>
          <Link to={`/search${searchLocation(tab.query)}`}>
            <SearchIcon aria-hidden="true" />
            See results in Frenly Search
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
      <GlobeIcon aria-hidden="true" className="size-10 text-slate-400" />
      <div className="max-w-full">
        <p className="text-lg font-semibold break-all text-slate-900">{tab.title}</p>
        <p className="mt-1 text-sm text-slate-600">
          {BROWSER_NAME} is a preview: it does not load real pages. Check this site before you visit
          it.
        </p>
      </div>
      {isWebUrl(tab.url) && (
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to={analysisPath(tab.url)}>
              <SparklesIcon aria-hidden="true" />
              Analyze with Frenly Analyzer
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href={tab.url} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Open site
            </a>
          </Button>
        </div>
      )}
    </div>
  );
}
