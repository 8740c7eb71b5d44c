import type { DatabaseHandle } from '@frenly/db';
import type { EmbeddedConfig } from '../config/embedded.config.js';
import { seedPgliteFromTemplate } from './pglite-template.js';

/** PGlite in FRENLY_DATA_DIR (seeded from the template on first start), or PostgreSQL if DATABASE_URL is set. */
export async function openEmbeddedDatabase(
  config: Pick<EmbeddedConfig, 'DATABASE_URL' | 'FRENLY_DATA_DIR'>,
): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) await seedPgliteFromTemplate(config.FRENLY_DATA_DIR);
  const { openDatabase } = await import('@frenly/db');
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.FRENLY_DATA_DIR });
}
