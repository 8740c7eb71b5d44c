import { Injectable } from '@nestjs/common';
import type { UserDto } from '@frenly/contracts';
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

  /** The signed-in user's profile with the balance the ledger holds for them. */
  async current(identity: Identity, sessionToken: string | undefined): Promise<UserDto> {
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
