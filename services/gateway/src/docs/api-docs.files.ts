import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Injectable } from '@nestjs/common';

/** The committed documents (scripts/contracts-docs.mjs writes them); src/ and dist/ sit at the same depth. */
const DOCUMENTS_DIR = fileURLToPath(new URL('../../../../docs/api/', import.meta.url));

export type ApiDocumentName = 'openapi.json' | 'asyncapi.json';

/** The Swagger UI files the page loads, by the name the page asks for. */
const ASSETS: Readonly<Record<string, { file: string; contentType: string }>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', contentType: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: 'swagger-ui-bundle.js',
    contentType: 'text/javascript; charset=utf-8',
  },
  'swagger-ui-standalone-preset.js': {
    file: 'swagger-ui-standalone-preset.js',
    contentType: 'text/javascript; charset=utf-8',
  },
  'favicon-32x32.png': { file: 'favicon-32x32.png', contentType: 'image/png' },
};

export interface ApiDocsAsset {
  readonly body: Buffer;
  readonly contentType: string;
}

/** Reads the API documents and Swagger UI's files from disk, once each. */
@Injectable()
export class ApiDocsFiles {
  private readonly cache = new Map<string, Promise<Buffer | undefined>>();

  /** undefined when the document was not generated (then /api/docs answers 404). */
  document(name: ApiDocumentName): Promise<Buffer | undefined> {
    return this.read(join(DOCUMENTS_DIR, name));
  }

  async asset(name: string): Promise<ApiDocsAsset | undefined> {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return undefined;
    const body = await this.read(join(swaggerUiDir(), asset.file));
    return body && { body, contentType: asset.contentType };
  }

  private read(path: string): Promise<Buffer | undefined> {
    let file = this.cache.get(path);
    if (!file) {
      file = readFile(path).catch(() => undefined);
      this.cache.set(path, file);
    }
    return file;
  }
}

// swagger-ui-dist comes with @nestjs/swagger: resolve it from there, not from our own manifest.
let swaggerUiPath: string | undefined;
function swaggerUiDir(): string {
  if (!swaggerUiPath) {
    const fromNestSwagger = createRequire(
      createRequire(import.meta.url).resolve('@nestjs/swagger'),
    );
    swaggerUiPath = dirname(fromNestSwagger.resolve('swagger-ui-dist/package.json'));
  }
  return swaggerUiPath;
}
