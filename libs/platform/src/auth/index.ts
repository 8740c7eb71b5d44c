export * from './identity-token.js';
export * from './signed-in.guard.js';
export * from './identity-tokens-from-config.js';
export * from './internal-call.js';
