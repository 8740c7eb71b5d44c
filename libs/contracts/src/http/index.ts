export * from './site.js';
export * from './user.js';
export * from './push.js';
export * from './stake.js';
export * from './analysis.js';
export * from './health.js';
export * from './search.js';
