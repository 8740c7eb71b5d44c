// The shared helpers (kept here so the suites' imports stay as they were).
export { cleanEnv, freePort, spawnProcess, waitForOk, type SpawnedProcess } from '@frenly/testing';
