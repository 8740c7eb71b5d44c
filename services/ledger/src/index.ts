export { LedgerModule, type LedgerInfrastructure } from './ledger.module.js';
export { ledgerConfigSpec, ledgerSettingsVars, type LedgerConfig } from './config/ledger.config.js';
export { DEFAULT_LEDGER_SETTINGS, type LedgerSettings } from './ledger.settings.js';
export { LedgerAuditRepository, type LedgerAudit } from './audit/ledger-audit.repository.js';
export { CommunityService } from './sites/community.service.js';
export { learnSitesInBulk } from './sites/learn-sites-in-bulk.js';
