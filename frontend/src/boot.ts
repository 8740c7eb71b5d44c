// The page's entry. The stylesheet is imported here so that it stays a render-blocking <link>
// in index.html; the app itself (main.tsx) runs only once the browser has painted index.html's
// loading mark. Its code is not waiting for that: the build adds <link rel="modulepreload"> for
// it (vite-plugins/preload-app.ts), so it downloads alongside the stylesheet. Meanwhile this
// asks for what the first screen needs: its chunk, and for `?q=` the results.
import './index.css';
import { firstScreensFor, type ScreenName } from './app/first-screen';
import { installStore } from './features/pwa/install-state';
import { pageFrom, searchRequestPath } from './features/search/search-text';

// A new deployment removes the old hashed chunks: when one fails to load, reload once to pick
// up the new index.html instead of showing a broken page.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'frenly:reloaded-for-chunk';
  if (sessionStorage.getItem(key) === location.href) return;
  event.preventDefault();
  sessionStorage.setItem(key, location.href);
  location.reload();
});

// Listen for installability at once, so that an early prompt is not missed.
installStore();

function preload(href: string, as: 'fetch' | 'modulepreload') {
  const link = document.createElement('link');
  if (as === 'fetch') {
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'use-credentials';
  } else {
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
  }
  link.href = href;
  document.head.append(link);
}

/** The first screen's own files, which the build lists in index.html (vite-plugins/preload-app.ts). */
function preloadFirstScreen() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="frenly:screen-chunks"]');
  if (!meta) return; // the dev server: modules load on demand
  const files = JSON.parse(meta.content) as Partial<Record<ScreenName, string[]>>;
  for (const screen of firstScreensFor(location.pathname, location.search)) {
    for (const file of files[screen] ?? []) preload(file, 'modulepreload');
  }
}

/** The search request the results screen will make, so that its answer is on its way. */
function preloadResults() {
  const params = new URLSearchParams(location.search);
  const q = (params.get('q') ?? '').trim();
  if (q) preload(searchRequestPath(q, pageFrom(params.get('page'))), 'fetch');
}

let started = false;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
function start() {
  if (started) return;
  started = true;
  preloadFirstScreen();
  preloadResults();
  // React first, then the app, in separate tasks: two shorter blocks of the main thread
  // instead of one long one.
  void import('react-dom/client').then(nextTask).then(() => import('./main'));
}

if (document.visibilityState === 'hidden') {
  start(); // a background tab paints nothing to wait for
} else {
  // Just after the next frame is painted; the timeout is only a safety net.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 2000);
}
