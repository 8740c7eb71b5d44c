export { SearchModule, createSiteCrawler, type SearchInfrastructure } from './search.module.js';
export {
  searchConfigSpec,
  searchSettingsVars,
  searchSettingsFrom,
  type SearchConfig,
  type SearchSettingsConfig,
} from './config/search.config.js';
export {
  DEFAULT_SEARCH_SETTINGS,
  resolveSearchSettings,
  type SearchSettings,
  type SearchSettingsOverrides,
} from './config/search.settings.js';
export { SiteIdsService } from './site-ids/site-ids.service.js';
export { SiteRepository, type Site, type SiteIndexEntry } from './sites/site.repository.js';
export {
  SearchIndexRepository,
  runIndexBuildSteps,
  type IndexBuildStep,
  type IndexDefinition,
} from './sites/search-index.repository.js';
export { seedCatalogue, type SeedResult } from './seed/seed-catalogue.js';
export { RANKING_VERSION } from './ranking/ranking.sql.js';
export { withdrawUnsentSiteIndexed } from './events/withdraw-unsent-site-indexed.js';
