import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { HttpResponse } from '@frenly/platform';
import { ApiDocsFiles, type ApiDocumentName } from './api-docs.files.js';
import { API_DOCS_CSP, API_DOCS_HTML, API_DOCS_INIT_JS } from './api-docs.page.js';

/**
 * The API's documents: Swagger UI at /api/docs on the committed OpenAPI document, and both
 * documents as JSON. Served by the gateway in both runtimes (the only public entry when distributed).
 */
@Controller('api/docs')
export class ApiDocsController {
  constructor(private readonly files: ApiDocsFiles) {}

  @Get()
  page(@Res() res: HttpResponse): void {
    res.setHeader('Content-Security-Policy', API_DOCS_CSP);
    send(res, 'text/html; charset=utf-8', API_DOCS_HTML);
  }

  @Get('openapi.json')
  openApi(@Res() res: HttpResponse): Promise<void> {
    return this.sendDocument(res, 'openapi.json');
  }

  @Get('asyncapi.json')
  asyncApi(@Res() res: HttpResponse): Promise<void> {
    return this.sendDocument(res, 'asyncapi.json');
  }

  @Get('assets/:file')
  async asset(@Param('file') name: string, @Res() res: HttpResponse): Promise<void> {
    if (name === 'init.js') return send(res, 'text/javascript; charset=utf-8', API_DOCS_INIT_JS);
    const asset = await this.files.asset(name);
    if (!asset) throw new NotFoundException(`No documentation asset ${name}`);
    send(res, asset.contentType, asset.body);
  }

  private async sendDocument(res: HttpResponse, name: ApiDocumentName): Promise<void> {
    const body = await this.files.document(name);
    if (!body)
      throw new NotFoundException(
        `${name} was not generated (node scripts/contracts-docs.mjs --write)`,
      );
    send(res, 'application/json; charset=utf-8', body);
  }
}

function send(res: HttpResponse, contentType: string, body: string | Buffer): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-cache');
  res.end(body);
}
