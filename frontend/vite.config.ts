import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadApp } from './vite-plugins/preload-app.ts';

// The embedded runtime (`npm start`) listens here; `npm run dev` forwards to it.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadApp({
      app: 'src/main.tsx',
      // The modules of src/app/screens.ts, by the names of src/app/first-screen.ts.
      screens: {
        searchHome: 'src/features/search/routes/search-home-page.tsx',
        searchResults: 'src/features/search/routes/search-results-page.tsx',
        browser: 'src/features/browser/routes/browser-page.tsx',
        analysis: 'src/features/analysis/routes/analysis-page.tsx',
        landing: 'src/features/landing/routes/landing-page.tsx',
        dashboard: 'src/features/dashboard/routes/dashboard-page.tsx',
        scores: 'src/features/scores/routes/scores-page.tsx',
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      {
        // Shared DTOs and event schemas, compiled from source like the rest of the bundle.
        find: /^@frenly\/contracts$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': backend,
      '/auth': backend,
      '/health': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
