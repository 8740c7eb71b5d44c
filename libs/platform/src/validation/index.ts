export * from './unstorable-text.js';
export * from './site-id.js';
