export {
  embeddedModules,
  type SharedInfrastructure,
  type EmbeddedGatewaySettings,
} from './embedded.modules.js';
export { embeddedConfigSpec, type EmbeddedConfig } from './config/embedded.config.js';
