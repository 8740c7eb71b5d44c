import { commonVars, env, type ConfigOf } from '@frenly/config';
import { analysisSettingsVars } from '@frenly/analysis';
import { edgeVars, identityVars } from '@frenly/gateway';
import { ledgerSettingsVars } from '@frenly/ledger';
import { searchSettingsVars } from '@frenly/search';

/**
 * The single-process runtime. Unset infrastructure variables mean the embedded adapters
 * (PGlite in FRENLY_DATA_DIR, in-process bus and jobs); setting them switches adapters.
 * Sign-in defaults to the development identity provider mounted under /dev-idp.
 */
export const embeddedConfigSpec = {
  ...commonVars,
  PORT: env.port('HTTP port of the whole application', 3000),
  // Loopback unless asked: this process signs anyone in as anyone by default (FRENLY_DEV_IDP).
  HOST: env.string(
    'Network interface to listen on: 127.0.0.1 = this machine only; 0.0.0.0 = every interface, other machines can reach the app',
    { default: '127.0.0.1' },
  ),
  FRONTEND_DIR: env.optionalString(
    'Folder of the built frontend (default: frontend/dist of this checkout)',
  ),
  ...identityVars,
  ...edgeVars,
  // Each service's own tunables, as its distributed process reads them.
  ...searchSettingsVars,
  ...ledgerSettingsVars,
  ...analysisSettingsVars,
};

export type EmbeddedConfig = ConfigOf<typeof embeddedConfigSpec>;
