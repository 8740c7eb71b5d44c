import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { searchSettings, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';

const SALT_KEY = 'visitor_salt';

/**
 * Who searched, without keeping who they are: sha256(salt, IP, user agent). The salt is made
 * once per installation and kept in the database, so every instance of the service (and every
 * restart) gives a visitor the same hash, and the raw address is never stored or published.
 */
@Injectable()
export class VisitorHasher {
  private salt?: Promise<string>;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async hash(ip: string, userAgent: string): Promise<string> {
    const salt = await this.loadSalt();
    return createHash('sha256').update(salt).update('\0').update(ip).update('\0').update(userAgent).digest('hex').slice(0, 32);
  }

  private loadSalt(): Promise<string> {
    this.salt ??= (async () => {
      await this.db.insert(searchSettings).values({ key: SALT_KEY, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
      const [row] = await this.db.select({ value: searchSettings.value }).from(searchSettings).where(eq(searchSettings.key, SALT_KEY));
      if (!row) throw new Error('visitor salt missing after insert');
      return row.value;
    })();
    this.salt.catch(() => (this.salt = undefined));
    return this.salt;
  }
}
