import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';
import type { AppStore } from './store';

function AppRoutes() {
  return useRoutes(routes);
}

export function App({ store }: { store?: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
