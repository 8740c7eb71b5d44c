export { AnalysisModule, type AnalysisInfrastructure } from './analysis.module.js';
export type { SiteCatalogue, SiteCatalogueFactory } from './analyze/site-catalogue.js';
export {
  HttpLedgerCommunity,
  type LedgerCommunity,
  type LedgerCommunityFactory,
} from './sites/ledger-community.js';
export {
  analysisConfigSpec,
  analysisSettingsVars,
  analysisSettingsFromConfig,
  type AnalysisConfig,
  type AnalysisSettingsConfig,
} from './config/analysis.config.js';
export {
  DEFAULT_ANALYSIS_SETTINGS,
  type AnalysisSettings,
  type LlmSettings,
} from './analysis.settings.js';
export { analyzePage } from './pipeline/analyze-page.js';
export { TrackerCatalog } from './pipeline/trackers/tracker-catalog.js';
export type { AnalysisReport } from './pipeline/report.js';
export type { PageSnapshot } from './pipeline/snapshot.js';
export { learnSiteRefsInBulk } from './sites/learn-site-refs-in-bulk.js';
