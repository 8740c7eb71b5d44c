// The embedded runtime (`npm start`): the whole application in one Node process, on PGlite,
// the in-process event bus and the in-process job queue, serving the built frontend too.
import { loadConfigOrExit } from '@frenly/config';
import { embeddedConfigSpec } from './config/embedded.config.js';
import { openEmbeddedDatabase } from './database/open-embedded-database.js';

const config = loadConfigOrExit(embeddedConfigSpec);
// Starting the database is the longest step of a start: begin it first and load the rest
// of the code (Nest, the service modules) meanwhile.
const database = openEmbeddedDatabase(config);
database.catch(() => undefined); // awaited, and reported, by the launcher
const { startEmbedded } = await import('./embedded.app.js');
await startEmbedded(config, database);
