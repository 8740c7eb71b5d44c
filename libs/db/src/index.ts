export * from './database.js';
export * from './schema/index.js';
