import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@frenly/contracts';
import { analysisProcessedEvents, type Database } from '@frenly/db';
import {
  handleOnce,
  subscribeToEvents,
  type EventBus,
  type Subscription,
  type TypedEvent,
} from '@frenly/events';
import { DATABASE, EVENT_BUS, JsonLogger } from '@frenly/platform';
import { ANALYSIS_SETTINGS, type AnalysisSettings } from '../analysis.settings.js';
import { CommunityRepository } from '../sites/community.repository.js';

/** ledger.stake-placed and ledger.vote-cast → recent stakes and community totals, once per event. */
@Injectable()
export class CommunityConsumer implements OnModuleInit, OnApplicationShutdown {
  private subscription?: Subscription;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(ANALYSIS_SETTINGS) private readonly settings: AnalysisSettings,
    private readonly community: CommunityRepository,
    logger: JsonLogger,
  ) {
    this.logger = logger.forContext('CommunityConsumer');
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await subscribeToEvents(this.bus, {
      group: this.settings.communityGroup,
      fromBeginning: true,
      handlers: {
        [Topics.StakePlaced]: (event) => this.onStake(event),
        [Topics.VoteCast]: (event) => this.onVote(event),
      },
    });
  }

  async onStake(event: TypedEvent<typeof Topics.StakePlaced>): Promise<void> {
    const stake = event.payload;
    if (
      !Number.isSafeInteger(stake.siteId) ||
      typeof stake.stakeId !== 'string' ||
      Number.isNaN(Date.parse(stake.createdAt))
    ) {
      this.logger.entry('warn', 'skipping a malformed stake-placed event', { eventId: event.id });
      return;
    }
    await handleOnce(this.db, analysisProcessedEvents, this.settings.communityGroup, event, (tx) =>
      this.community.applyStake(tx, stake),
    );
  }

  async onVote(event: TypedEvent<typeof Topics.VoteCast>): Promise<void> {
    if (!Number.isSafeInteger(event.payload.siteId)) {
      this.logger.entry('warn', 'skipping a malformed vote-cast event', { eventId: event.id });
      return;
    }
    await handleOnce(this.db, analysisProcessedEvents, this.settings.communityGroup, event, (tx) =>
      this.community.applyVote(tx, event.payload),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
  }
}
