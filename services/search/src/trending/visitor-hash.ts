import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { searchSettings, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import type { Visitor } from '../search/search.service.js';
import { clientNetwork } from './client-network.js';

const SALT_KEY = 'visitor_salt';

/**
 * Who searched, without keeping who they are: sha256(salt, signed-in user id) or, signed out,
 * sha256(salt, client network) (client-network.ts). Not the user agent: it is whatever the
 * client sends, and three of them from one address made three "visitors" and any query trend.
 * The salt is made once per installation and kept in the database, so every instance of the
 * service (and every restart) gives a visitor the same hash, and neither the address nor the
 * user id is stored or published.
 */
@Injectable()
export class VisitorHasher {
  private salt?: Promise<string>;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async hash(visitor: Visitor): Promise<string> {
    const salt = await this.loadSalt();
    const [kind, id] =
      visitor.userId === undefined
        ? ['network', clientNetwork(visitor.ip)]
        : ['user', visitor.userId];
    return createHash('sha256')
      .update(salt)
      .update('\0')
      .update(kind)
      .update('\0')
      .update(id)
      .digest('hex')
      .slice(0, 32);
  }

  private loadSalt(): Promise<string> {
    this.salt ??= (async () => {
      await this.db
        .insert(searchSettings)
        .values({ key: SALT_KEY, value: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await this.db
        .select({ value: searchSettings.value })
        .from(searchSettings)
        .where(eq(searchSettings.key, SALT_KEY));
      if (!row) throw new Error('visitor salt missing after insert');
      return row.value;
    })();
    this.salt.catch(() => (this.salt = undefined));
    return this.salt;
  }
}
