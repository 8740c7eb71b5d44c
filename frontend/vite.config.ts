import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';
import { preloadApp } from './vite-plugins/preload-app.ts';

// The embedded runtime (`npm start`) listens here; `npm run dev` forwards to it.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadApp('src/main.tsx'), precompress()],
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
