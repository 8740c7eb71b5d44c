// The embedded runtime (`npm start`): the whole application in one Node process, on PGlite,
// the in-process event bus and the in-process job queue, serving the built frontend too.
import { resolve } from 'node:path';
import { commonVars, loadConfigOrExit } from '@frenly/config';
import { checkBooks, CorruptBooks } from './books/check-books.js';
import { acquireDataDirLock, DataDirInUse } from './data-dir-lock/data-dir-lock.js';

// Which database, from the two variables alone: the full spec loads every service's code
// (~1 s), and a second process on the same folder must refuse before that.
const storage = loadConfigOrExit({
  DATABASE_URL: commonVars.DATABASE_URL,
  FRENLY_DATA_DIR: commonVars.FRENLY_DATA_DIR,
});
const onPglite = !storage.DATABASE_URL && !storage.FRENLY_DATA_DIR.startsWith('memory://');
if (onPglite) {
  try {
    acquireDataDirLock(storage.FRENLY_DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(75); // EX_TEMPFAIL: it can start once the other one stops
  }
}

const [{ embeddedConfigSpec }, { openEmbeddedDatabase }] = await Promise.all([
  import('./config/embedded.config.js'),
  import('./database/open-embedded-database.js'),
]);
const config = loadConfigOrExit(embeddedConfigSpec);
// Starting the database is the longest step of a start: begin it first and load the rest
// of the code (Nest, the service modules) meanwhile. The books are audited before anything is served.
const where = onPglite
  ? resolve(config.FRENLY_DATA_DIR)
  : config.DATABASE_URL
    ? 'the database of DATABASE_URL'
    : config.FRENLY_DATA_DIR;
const database = openEmbeddedDatabase(config).then(async (handle) => {
  try {
    await checkBooks(handle, where);
  } catch (error) {
    if (!(error instanceof CorruptBooks)) throw error;
    process.stderr.write(`${error.message}\n`);
    await handle.close().catch(() => undefined);
    process.exit(65); // EX_DATAERR
  }
  return handle;
});
database.catch(() => undefined); // awaited, and reported, by the launcher
const { startEmbedded } = await import('./embedded.app.js');
await startEmbedded(config, database);
