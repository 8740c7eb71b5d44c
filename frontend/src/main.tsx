import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarlyWork } from './app/early-work';
import { makeStore } from './app/store';
import { installStore } from './features/pwa/install-state';
import { unregisterServiceWorkers } from './features/pwa/service-workers';
import './index.css';

// A new deployment removes the old hashed chunks: when a lazy screen fails to load, reload
// once to pick up the new index.html instead of showing a broken page.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'frenly:reloaded-for-chunk';
  if (sessionStorage.getItem(key) === location.href) return;
  event.preventDefault();
  sessionStorage.setItem(key, location.href);
  location.reload();
});

// Listen for installability before anything renders, so an early prompt is not missed.
installStore();
unregisterServiceWorkers().catch((error: unknown) =>
  console.warn('Could not unregister service workers:', error),
);

const store = makeStore();
startEarlyWork(store, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
