import type { DynamicModule } from '@nestjs/common';
import type { Database } from '@frenly/db';
import type { EventBus } from '@frenly/events';
import {
  AnalysisModule,
  analysisSettingsFromConfig,
  type LedgerCommunityFactory,
  type SiteCatalogueFactory,
} from '@frenly/analysis';
import { GatewayModule, edgeSettingsFrom, type IdentitySettings } from '@frenly/gateway';
import { CommunityService, LedgerModule } from '@frenly/ledger';
import type { FrenlyJobQueue, IdentityTokens } from '@frenly/platform';
import { RealtimeModule } from '@frenly/realtime';
import { SearchModule, SiteIdsService, searchSettingsFrom } from '@frenly/search';
import type { EmbeddedConfig } from './config/embedded.config.js';

export interface SharedInfrastructure {
  readonly db: Database;
  readonly bus: EventBus;
  readonly jobs: FrenlyJobQueue;
  readonly identityTokens: IdentityTokens;
}

export interface EmbeddedGatewaySettings {
  readonly identity: IdentitySettings;
  /** This process's own loopback URL: the gateway asks the (in-process) ledger for balances there. */
  readonly selfUrl: string;
}

/**
 * One process: the analysis asks the search module's catalogue for site ids in process (looked
 * up at the call, once every module is up), where the distributed runtime calls search's
 * internal route; no route of its own, so nothing outside can reach it.
 */
export const inProcessSiteCatalogue: SiteCatalogueFactory = (modules) => ({
  siteOf: (site) => modules.get(SiteIdsService, { strict: false }).siteOf(site),
});

/**
 * One process: the analysis reads a site's community figures from the ledger module's
 * CommunityService in process, where the distributed runtime calls the ledger's internal route.
 */
export const inProcessLedgerCommunity: LedgerCommunityFactory = (modules) => ({
  forSites: (siteIds) => modules.get(CommunityService, { strict: false }).forSites(siteIds),
});

/** Every service module, mounted in one process on one database, one bus and one job queue. */
export function embeddedModules(
  infra: SharedInfrastructure,
  version: string,
  gateway: EmbeddedGatewaySettings,
  config: EmbeddedConfig,
): DynamicModule[] {
  return [
    GatewayModule.forRoot({
      db: infra.db,
      bus: infra.bus,
      identityTokens: infra.identityTokens,
      mode: 'embedded',
      version,
      identity: gateway.identity,
      ledgerUrl: gateway.selfUrl,
      // One process: its rate-limit counters live in its memory.
      edge: { settings: edgeSettingsFrom(config) },
    }),
    // Behind a reverse proxy, trending counts visitors by the forwarded address, as the gateway does.
    SearchModule.forRoot({
      ...infra,
      settings: { ...searchSettingsFrom(config), trustForwardedFor: gateway.identity.trustProxy },
    }),
    LedgerModule.forRoot({
      ...infra,
      settings: {
        signupGrant: config.LEDGER_SIGNUP_GRANT,
        knownSitesGroup: config.LEDGER_KNOWN_SITES_GROUP,
      },
    }),
    AnalysisModule.forRoot({
      ...infra,
      siteCatalogue: inProcessSiteCatalogue,
      ledgerCommunity: inProcessLedgerCommunity,
      settings: analysisSettingsFromConfig(config),
    }),
    // The websocket Origin check accepts what the gateway's cross-site check accepts.
    RealtimeModule.forRoot({
      ...infra,
      settings: {
        publicOrigin: gateway.identity.publicOrigin,
        trustProxy: gateway.identity.trustProxy,
      },
    }),
  ];
}
