import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot unmount on its own.
afterEach(() => cleanup());

// Screens are lazy chunks that Vite transforms on first use: on a busy 2-core machine the
// first render can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: Radix measures elements through ResizeObserver, which it lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
