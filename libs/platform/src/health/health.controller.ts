import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import type { HttpResponse } from '../http/http-types.js';
import { ReadinessRegistry } from './readiness.registry.js';

@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  /** 200 while the process runs: restart it only when this fails. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live(): { status: 'live' } {
    return { status: 'live' };
  }

  /** 200 `ready` when every check passes, 503 `not-ready` otherwise (body: ReadinessResponse). */
  @Get('ready')
  async ready(@Res() res: HttpResponse): Promise<void> {
    const report = await this.readiness.evaluate();
    res.statusCode = report.status === 'ready' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(report));
  }
}
