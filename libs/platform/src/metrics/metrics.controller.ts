import { Controller, Get, Res } from '@nestjs/common';
import type { HttpResponse } from '../http/http-types.js';
import { MetricsService } from './metrics.service.js';

@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus text exposition. */
  @Get()
  async scrape(@Res() res: HttpResponse): Promise<void> {
    const body = await this.metrics.text();
    res.setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
