export { RealtimeModule, type RealtimeInfrastructure } from './realtime.module.js';
export {
  installRealtimeEndpoint,
  type RealtimeEndpointOptions,
} from './install-realtime-endpoint.js';
export {
  realtimeConfigSpec,
  realtimeSettingsFrom,
  type RealtimeConfig,
} from './config/realtime.config.js';
export { DEFAULT_REALTIME_SETTINGS, type RealtimeSettings } from './realtime.settings.js';
