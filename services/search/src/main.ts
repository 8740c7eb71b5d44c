// The search service on its own (distributed mode), on the infrastructure its config names.
import { loadConfigOrExit } from '@frenly/config';
import {
  JsonLogger,
  launchService,
  openDatabaseFor,
  openEventBusFor,
  openJobQueueFor,
  identityTokensFor,
} from '@frenly/platform';
import { searchConfigSpec, searchSettingsFrom } from './config/search.config.js';
import { SearchModule } from './search.module.js';

const config = loadConfigOrExit(searchConfigSpec);
const logger = new JsonLogger({ service: 'search', level: config.LOG_LEVEL });

await launchService({ service: 'search', logger }, async (infra) => {
  const database = await openDatabaseFor(infra, config, ['search']);
  const bus = await openEventBusFor(infra, config, 'search', logger);
  const jobs = await openJobQueueFor(infra, config, logger);
  return {
    port: config.PORT,
    host: config.HOST,
    modules: [
      SearchModule.forRoot({
        db: database.db,
        bus,
        jobs,
        identityTokens: identityTokensFor(config),
        settings: searchSettingsFrom(config),
        internalRoutes: true,
      }),
    ],
  };
});
