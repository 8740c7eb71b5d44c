// The page's entry. The stylesheet is imported here so that it stays a render-blocking <link>
// in index.html; the app itself (main.tsx) runs only once the browser has painted index.html's
// loading mark. Its code is not waiting for that: the build adds <link rel="modulepreload"> for
// it (vite-plugins/preload-app.ts), so it downloads alongside the stylesheet.
import './index.css';
import { installStore } from './features/pwa/install-state';

// Listen for installability at once, so that an early prompt is not missed.
installStore();

// A new deployment removes the old hashed chunks: when one fails to load, reload once to pick
// up the new index.html instead of showing a broken page.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'frenly:reloaded-for-chunk';
  if (sessionStorage.getItem(key) === location.href) return;
  event.preventDefault();
  sessionStorage.setItem(key, location.href);
  location.reload();
});

let started = false;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
function start() {
  if (started) return;
  started = true;
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
