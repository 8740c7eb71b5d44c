export { GatewayModule } from './gateway.module.js';
export type { GatewayOptions } from './gateway.options.js';
export type { MetaResponse } from './meta/meta.service.js';
export { serveFrontend } from './frontend/serve-frontend.js';
export { ROUTE_TABLE, findRoute, isBackendPath, type RouteOwner, type DownstreamService } from './routing/route-table.js';
export { gatewayConfigSpec, identityVars, type GatewayConfig, type IdentityConfig } from './config/gateway.config.js';
export { identitySettingsFrom, internalUrlOf, type IdentitySettings } from './config/identity-settings.js';
export { identitySettingsOrExit } from './config/identity-settings-or-exit.js';
export { installGatewayEdge, upgradeIdentifier } from './edge/install-gateway-edge.js';
