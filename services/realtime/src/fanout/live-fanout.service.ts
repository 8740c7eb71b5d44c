import { performance } from 'node:perf_hooks';
import { Inject, Injectable } from '@nestjs/common';
import {
  Topics,
  type LiveServerMessage,
  type SiteAnalyzedV1,
  type StakePlacedV1,
  type TopicName,
  type VoteCastV1,
} from '@frenly/contracts';
import { JsonLogger } from '@frenly/platform';
import { ClientRegistry } from '../connections/client-registry.js';
import { RealtimeMetrics } from '../metrics/realtime.metrics.js';
import { REALTIME_SETTINGS, type RealtimeSettings } from '../realtime.settings.js';
import { analysisUpdateOf } from './analysis-update.js';
import { hasWholeNumbers, stakeUpdateOf, voteUpdateOf } from './live-messages.js';
import { siteInsightsUpdateOf } from './site-insights-update.js';
import { SiteVersionGuard } from './site-version-guard.js';

export type FanoutOutcome = 'sent' | 'stale' | 'malformed';

/**
 * Turns ledger and analysis events into client messages and hands them to every client of
 * this instance. Votes and stakes share one siteVersion counter per site, so each kind has its
 * own guard: a vote event is stale only against newer vote totals, never against a newer stake.
 */
@Injectable()
export class LiveFanoutService {
  private readonly votes: SiteVersionGuard;
  private readonly stakes: SiteVersionGuard;
  private readonly logger: JsonLogger;

  constructor(
    @Inject(REALTIME_SETTINGS) settings: RealtimeSettings,
    private readonly registry: ClientRegistry,
    private readonly metrics: RealtimeMetrics,
    logger: JsonLogger,
  ) {
    this.votes = new SiteVersionGuard(settings.versionMemorySites);
    this.stakes = new SiteVersionGuard(settings.versionMemorySites);
    this.logger = logger.forContext('LiveFanoutService');
  }

  voteCast(event: VoteCastV1): FanoutOutcome {
    if (!hasWholeNumbers(event, ['siteId', 'upvotes', 'downvotes', 'siteVersion']))
      return this.malformed(Topics.VoteCast, event);
    if (!this.votes.accept(event.siteId, event.siteVersion)) return this.stale(Topics.VoteCast);
    return this.send(voteUpdateOf(event));
  }

  stakePlaced(event: StakePlacedV1): FanoutOutcome {
    if (
      !hasWholeNumbers(event, [
        'siteId',
        'totalStaked',
        'supportTotal',
        'concernTotal',
        'siteVersion',
      ])
    )
      return this.malformed(Topics.StakePlaced, event);
    if (!this.stakes.accept(event.siteId, event.siteVersion)) return this.stale(Topics.StakePlaced);
    return this.send(stakeUpdateOf(event));
  }

  /**
   * An analysis landed: every card showing the site gets its insights (`site_insights_update`),
   * and a screen waiting for the browser tier learns it finished (`analysis_update`, only for
   * the browser tier's own event).
   */
  siteAnalyzed(event: SiteAnalyzedV1): FanoutOutcome {
    const update = analysisUpdateOf(event);
    if (update) this.send(update);
    const insights = siteInsightsUpdateOf(event);
    if (insights) return this.send(insights);
    // A retry cannot fix it and a client must never see it: skip it.
    this.logger.entry('warn', 'skipping an analysis event unfit for a card', {
      analysisId: event.analysisId,
      url: event.url,
    });
    return update ? 'sent' : 'malformed';
  }

  private send(message: LiveServerMessage): FanoutOutcome {
    // Serialised once for every client.
    const started = performance.now();
    const { sent, droppedSlow } = this.registry.broadcast(Buffer.from(JSON.stringify(message)));
    this.metrics.broadcastDuration.observe((performance.now() - started) / 1000);
    if (sent > 0) this.metrics.messagesSent.inc({ type: message.type }, sent);
    if (droppedSlow > 0) {
      this.metrics.clientsDropped.inc({ reason: 'slow' }, droppedSlow);
      this.metrics.openConnections.set(this.registry.size);
      this.logger.entry('warn', 'disconnected clients whose send buffer passed the bound', {
        clients: droppedSlow,
      });
    }
    return 'sent';
  }

  private stale(topic: TopicName): FanoutOutcome {
    this.metrics.staleEventsDropped.inc({ topic });
    return 'stale';
  }

  private malformed(topic: TopicName, payload: object): FanoutOutcome {
    // Retrying cannot fix it and the client must never see it: skip, loudly.
    this.logger.entry('error', 'skipping an event without whole-number totals', { topic, payload });
    return 'malformed';
  }
}
