export * from './postgres.js';
export * from './temp-dir.js';
export * from './wait.js';
export * from './spawned-process.js';
export * from './topology.js';
export * from './sign-in-browser.js';
export * from './private-infra.js';
export * from './embedded-runtime.js';
