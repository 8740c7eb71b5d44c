import { Inject, Injectable } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import type { Transaction } from '@frenly/db';
import type { TypedEvent } from '@frenly/events';
import { OnBusEvent } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { CommunityRepository } from '../sites/community.repository.js';

const communityGroup = (consumer: CommunityConsumer): string => consumer.settings.communityGroup;

/** ledger.stake-placed and ledger.vote-cast → recent stakes and community totals, once per event. */
@Injectable()
export class CommunityConsumer {
  constructor(
    @Inject(ANALYSIS_SETTINGS) readonly settings: AnalysisSettings,
    private readonly community: CommunityRepository,
  ) {}

  @OnBusEvent({
    topic: Topics.StakePlaced,
    group: communityGroup,
    check: (stake) =>
      !Number.isSafeInteger(stake.siteId)
        ? 'siteId must be an integer'
        : Number.isNaN(Date.parse(stake.createdAt))
          ? 'createdAt must be an ISO timestamp'
          : undefined,
    once: true,
  })
  async onStake(event: TypedEvent<typeof Topics.StakePlaced>, tx: Transaction): Promise<void> {
    await this.community.applyStake(tx, event.payload);
  }

  @OnBusEvent({
    topic: Topics.VoteCast,
    group: communityGroup,
    check: (vote) => (Number.isSafeInteger(vote.siteId) ? undefined : 'siteId must be an integer'),
    once: true,
  })
  async onVote(event: TypedEvent<typeof Topics.VoteCast>, tx: Transaction): Promise<void> {
    await this.community.applyVote(tx, event.payload);
  }
}
