// The analysis service on its own (distributed mode), on the infrastructure its config names.
import { loadConfigOrExit } from '@frenly/config';
import {
  JsonLogger,
  launchService,
  openDatabaseFor,
  openEventBusFor,
  openJobQueueFor,
  identityTokensFor,
} from '@frenly/platform';
import { analysisConfigSpec, analysisSettingsFromConfig } from './config/analysis.config.js';
import { AnalysisModule } from './analysis.module.js';
import { HttpSiteCatalogue } from './analyze/site-catalogue.js';
import { HttpLedgerCommunity } from './sites/ledger-community.js';

const config = loadConfigOrExit(analysisConfigSpec);
const logger = new JsonLogger({ service: 'analysis', level: config.LOG_LEVEL });

await launchService({ service: 'analysis', logger }, async (infra) => {
  const database = await openDatabaseFor(infra, config, ['analysis']);
  const bus = await openEventBusFor(infra, config, 'analysis', logger);
  const jobs = await openJobQueueFor(infra, config, logger);
  const identityTokens = identityTokensFor(config);
  return {
    port: config.PORT,
    host: config.HOST,
    modules: [
      AnalysisModule.forRoot({
        db: database.db,
        bus,
        jobs,
        identityTokens,
        siteCatalogue: () => new HttpSiteCatalogue(config.SEARCH_URL, identityTokens, logger),
        ledgerCommunity: () => new HttpLedgerCommunity(config.LEDGER_URL, identityTokens, logger),
        settings: analysisSettingsFromConfig(config),
      }),
    ],
  };
});
