import { Controller, Get, UseGuards } from '@nestjs/common';
import type { BalanceResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { AccountsService } from './accounts.service.js';

@Controller('api/ledger')
@UseGuards(SignedInGuard)
export class BalanceController {
  constructor(private readonly accounts: AccountsService) {}

  /** The signed-in user's bamboo balance; the first call opens the account with its signup grant. */
  @Get('balance')
  async balance(@CurrentIdentity() identity: Identity): Promise<BalanceResponse> {
    return { bambooBalance: await this.accounts.balanceOf(identity.userId) };
  }
}
