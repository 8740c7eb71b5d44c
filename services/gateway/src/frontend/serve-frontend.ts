import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleRef } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  METRICS_ROUTE_LOCAL,
  type HttpMiddleware,
  type HttpRequest,
  type HttpResponse,
  type JsonLogger,
} from '@frenly/platform';
import type { SiteOriginPolicy } from '../auth/same-site-navigation.js';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options.js';
import { isBackendPath } from '../routing/route-table.js';
import { isMarkedPath, sendMarkedIndex } from './arrival-marker.js';
import { negotiateEncoding, type ContentEncoding } from './content-encoding.js';
import { StaticFiles, type StaticFile } from './static-files.js';

/**
 * Serves the built frontend: its files at `/`, and index.html for any other GET of a
 * non-backend path, so that client-side routes (/search, /dashboard…) survive a reload.
 * Text files go out brotli- or gzip-compressed as the client accepts (the build writes both;
 * see frontend/vite-plugins/precompress.ts), with `Vary: Accept-Encoding`; fingerprinted
 * assets are cached for a year, everything else is revalidated (ETag, 304). Pages that act on
 * their query when opened (/analysis) get index.html marked with how the browser arrived (see
 * arrival-marker.ts), judged by the app's public origin (`origins`, else the gateway's options).
 * Returns false (and serves nothing) when the folder has no index.html.
 */
export function serveFrontend(
  app: NestExpressApplication,
  distDir: string,
  logger: JsonLogger,
  origins: SiteOriginPolicy = originsOf(app),
): boolean {
  if (!existsSync(join(distDir, 'index.html'))) {
    logger.entry('warn', 'frontend not built: only the API is served', {
      context: 'frontend',
      distDir,
    });
    return false;
  }
  const files = StaticFiles.load(distDir);
  const index = files.get('/index.html');
  if (!index) return false;
  if (files.precompressedCount === 0) {
    logger.entry(
      'info',
      'frontend built without precompressed files: compressing on first request',
      { context: 'frontend', distDir },
    );
  }
  app.use(frontendFiles(files, index, origins));
  return true;
}

/** The gateway's public origin settings when the app has them; else the request's own host. */
function originsOf(app: NestExpressApplication): SiteOriginPolicy {
  try {
    // Through ModuleRef: a missing provider throws here, where app.get would end the process.
    const modules = app.get(ModuleRef);
    return modules.get<string, GatewayOptions>(GATEWAY_OPTIONS, { strict: false }).identity;
  } catch {
    return { publicOrigin: undefined, trustProxy: false };
  }
}

function frontendFiles(
  files: StaticFiles,
  index: StaticFile,
  origins: SiteOriginPolicy,
): HttpMiddleware {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = pathOf(req);
    if (path === undefined) return next();
    const file = files.get(path);
    // Client-side routes get index.html; a missing fingerprinted file is a 404 (an old chunk
    // after a deployment), never HTML that a browser would try to run as a script.
    const served = file ?? (isBackendPath(path) || path.startsWith('/assets/') ? undefined : index);
    if (!served) return next();
    if (res.locals) res.locals[METRICS_ROUTE_LOCAL] = 'frontend';
    if (served === index && isMarkedPath(path)) return sendMarkedIndex(index, req, res, origins);
    send(files, served, req, res).catch(next);
  };
}

async function send(
  files: StaticFiles,
  file: StaticFile,
  req: HttpRequest,
  res: HttpResponse,
): Promise<void> {
  const encoding: ContentEncoding | undefined = file.compressible
    ? negotiateEncoding(header(req, 'accept-encoding'), ['br', 'gzip'])
    : undefined;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', etag);
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(header(req, 'if-none-match'), etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = encoding ? await files.body(file, encoding) : file.identity;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The request's path, decoded; undefined when it cannot be decoded (left to the 404 handler). */
function pathOf(req: HttpRequest): string | undefined {
  const raw = (req.url ?? '/').split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function header(req: HttpRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** If-None-Match: `*` or a list of (weak or strong) tags, compared weakly as RFC 9110 asks. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
