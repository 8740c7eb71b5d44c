export { env, type VarSpec } from './spec.js';
export { loadConfig, loadConfigOrExit, ConfigError, type ConfigSpec, type ConfigOf } from './load.js';
export { commonVars } from './common.js';
