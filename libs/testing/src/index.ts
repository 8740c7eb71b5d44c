export * from './postgres.js';
export * from './temp-dir.js';
export * from './wait.js';
