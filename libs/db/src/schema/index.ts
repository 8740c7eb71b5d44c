export * from './outbox.js';
export * from './identity.js';
export * from './ledger.js';
export * from './search.js';
export * from './analysis.js';
