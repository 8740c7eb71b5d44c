import { ConfigError } from '@frenly/config';
import type { IdentityConfig } from './gateway.config.js';
import { identitySettingsFrom, type IdentitySettings } from './identity-settings.js';

/** Boot helper, like loadConfigOrExit: a wrong combination stops the process naming the variables. */
export function identitySettingsOrExit(
  config: IdentityConfig,
  runtime: { internalUrl: string },
): IdentitySettings {
  try {
    return identitySettingsFrom(config, runtime);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
