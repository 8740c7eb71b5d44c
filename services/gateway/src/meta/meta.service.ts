import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { MetaResponse } from '@frenly/contracts';
import { InstallationRepository, type Installation } from './installation.repository.js';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options.js';

// The body of GET /api/meta is a contract (libs/contracts), re-exported for existing importers.
export type { MetaResponse };

@Injectable()
export class MetaService implements OnModuleInit {
  private installation?: Installation;

  constructor(
    private readonly installations: InstallationRepository,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  /** The installation row is created on first start, not on first request. */
  async onModuleInit(): Promise<void> {
    this.installation = await this.installations.getOrCreate();
  }

  async describe(): Promise<MetaResponse> {
    this.installation ??= await this.installations.getOrCreate();
    return {
      installationId: this.installation.id,
      createdAt: this.installation.createdAt.toISOString(),
      mode: this.options.mode,
      version: this.options.version,
    };
  }
}
