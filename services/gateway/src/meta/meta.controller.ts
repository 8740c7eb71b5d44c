import { Controller, Get } from '@nestjs/common';
import { MetaService, type MetaResponse } from './meta.service.js';

@Controller('api/meta')
export class MetaController {
  constructor(private readonly meta: MetaService) {}

  /** Which installation answers, since when, in which mode and version. */
  @Get()
  describe(): Promise<MetaResponse> {
    return this.meta.describe();
  }
}
