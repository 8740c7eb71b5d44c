import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarlyWork } from './app/early-work';
import { makeStore } from './app/store';
import { unregisterServiceWorkers } from './features/pwa/service-workers';

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
