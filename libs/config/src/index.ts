export { env, type VarSpec } from './spec.js';
export {
  loadConfig,
  loadConfigOrExit,
  ConfigError,
  type ConfigSpec,
  type ConfigOf,
} from './load.js';
export { commonVars } from './common.js';
export {
  identitySecretProblem,
  KNOWN_PLACEHOLDER_SECRETS,
  MIN_IDENTITY_SECRET_LENGTH,
} from './identity-secret.js';
