import { Inject, Injectable } from '@nestjs/common';
import { loginFlows, type Database } from '@frenly/db';
import { DATABASE } from '@frenly/platform';
import { eq, lt } from 'drizzle-orm';

export interface LoginFlow {
  readonly stateHash: string;
  readonly provider: string;
  readonly codeVerifier: string;
  readonly nonce: string | null;
  readonly redirectUri: string;
  readonly returnTo: string;
  readonly expiresAt: Date;
}

@Injectable()
export class LoginFlowRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(flow: LoginFlow): Promise<void> {
    await this.db.insert(loginFlows).values(flow);
  }

  /** Deletes and returns the flow: a state can be used once, even by two callbacks racing. */
  async consume(stateHash: string): Promise<LoginFlow | undefined> {
    const [flow] = await this.db
      .delete(loginFlows)
      .where(eq(loginFlows.stateHash, stateHash))
      .returning();
    return flow;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db.delete(loginFlows).where(lt(loginFlows.expiresAt, now));
  }
}
