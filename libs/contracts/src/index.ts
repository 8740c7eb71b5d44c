export * from './events/index.js';
export * from './http/index.js';
export * from './live/live-messages.js';
export * from './urls/canonical-url.js';
