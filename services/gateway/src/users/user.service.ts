import { Injectable } from '@nestjs/common';
import type { CurrentUserDto } from '@frenly/contracts';
import type { Identity } from '@frenly/platform';
import { IdentityError } from '../auth/identity.error.js';
import { LedgerBalanceClient } from './ledger-balance.client.js';
import { UserRepository } from './user.repository.js';

@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly ledger: LedgerBalanceClient,
  ) {}

  /**
   * The signed-in user's profile with the balance the ledger holds for them; null without an
   * identity (signed out, or the session expired), which the frontend reads as "no user".
   */
  async current(
    identity: Identity | null,
    sessionToken: string | undefined,
  ): Promise<CurrentUserDto> {
    if (!identity) return null;
    const user = await this.users.getById(identity.userId);
    if (!user) throw new IdentityError('USER_NOT_FOUND', 'Sign in required');
    const bambooBalance = await this.ledger.balanceOf(identity, sessionToken);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileImageUrl: user.profileImageUrl,
      bambooBalance,
    };
  }
}
