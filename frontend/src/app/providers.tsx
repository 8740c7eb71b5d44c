import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SessionFreshness } from '../features/auth/session-freshness';
import { Toaster } from '../features/toasts/toaster';
import { makeStore, type AppStore } from './store';

/** The store and the toast region around the whole app (tooltips have a provider per screen). */
export function AppProviders({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? makeStore());
  return (
    <Provider store={appStore}>
      <SessionFreshness />
      {children}
      <Toaster />
    </Provider>
  );
}
