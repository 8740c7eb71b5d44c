export { GatewayModule } from './gateway.module.js';
export type { GatewayOptions, GatewayEdgeOptions } from './gateway.options.js';
export type { MetaResponse } from './meta/meta.service.js';
export { serveFrontend } from './frontend/serve-frontend.js';
export {
  ROUTE_TABLE,
  findRoute,
  isBackendPath,
  type RouteOwner,
  type DownstreamService,
} from './routing/route-table.js';
export {
  gatewayConfigSpec,
  identityVars,
  edgeVars,
  type GatewayConfig,
  type IdentityConfig,
  type EdgeConfig,
} from './config/gateway.config.js';
export {
  identitySettingsFrom,
  internalUrlOf,
  type IdentitySettings,
} from './config/identity-settings.js';
export { identitySettingsOrExit } from './config/identity-settings-or-exit.js';
export { installGatewayEdge, type GatewayEdgeHooks } from './edge/install-gateway-edge.js';
export { edgeSettingsFrom, type EdgeSettings } from './edge/edge-settings.js';
export { CONTENT_SECURITY_POLICY } from './edge/security-headers.middleware.js';
