import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { METRICS_ROUTE_LOCAL, type HttpMiddleware, type JsonLogger } from '@frenly/platform';
import { isBackendPath } from '../routing/route-table.js';

/**
 * Serves the built frontend: its files at `/`, and index.html for any other GET of a
 * non-backend path, so that client-side routes (/search, /dashboard…) survive a reload.
 * Returns false (and serves nothing) when the folder has no index.html.
 */
export function serveFrontend(app: NestExpressApplication, distDir: string, logger: JsonLogger): boolean {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    logger.entry('warn', 'frontend not built: only the API is served', { context: 'frontend', distDir });
    return false;
  }
  const indexHtml = readFileSync(indexFile);
  app.useStaticAssets(distDir, {
    index: false,
    setHeaders: (res, path) => {
      const locals = (res as { locals?: Record<string, unknown> }).locals;
      if (locals) locals[METRICS_ROUTE_LOCAL] = 'frontend';
      // Vite fingerprints files under assets/: they never change under the same name.
      const immutable = /[\\/]assets[\\/]/.test(path);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use(spaFallback(indexHtml));
  return true;
}

function spaFallback(indexHtml: Buffer): HttpMiddleware {
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isBackendPath(path)) return next();
    if (res.locals) res.locals[METRICS_ROUTE_LOCAL] = 'frontend';
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', indexHtml.length);
    res.end(req.method === 'HEAD' ? undefined : indexHtml);
  };
}
