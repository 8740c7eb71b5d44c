import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  siteStakeTotals,
  Topics,
  TopicVersions,
  type StakeCreateResponse,
  type StakeDto,
} from '@frenly/contracts';
import { SCHEMA_VERSION_HEADER } from '@frenly/events';
import { requestEventHeaders } from '@frenly/platform';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { Transactions, type Executor } from '../db/transactions.js';
import { LedgerError } from '../ledger.errors.js';
import { LedgerMetrics, type StakeOutcome } from '../metrics/ledger.metrics.js';
import { LedgerOutbox } from '../outbox/ledger-outbox.js';
import { KnownSitesService } from '../sites/known-sites.service.js';
import { IdempotencyRepository, type StoredAnswer } from './idempotency.repository.js';
import {
  StakeBookingRepository,
  type StakeBooking,
  type StakePlacedEnvelope,
} from './stake-booking.repository.js';
import { stakeRequestFingerprint, type StakeRequest } from './stake-request.js';
import { StakesRepository } from './stakes.repository.js';

export interface PlacedStake {
  readonly response: StakeCreateResponse;
  /** True when this is the stored answer to an earlier request with the same Idempotency-Key. */
  readonly replayed: boolean;
}

/** How many stakes GET /api/stakes/user returns (newest first). */
export const USER_STAKES_LIMIT = 100;

const STAKE_CREATED = 201;

type KeyedBooking =
  { kind: 'booked'; response: StakeCreateResponse } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Stakes: bamboo moves from the user's account to the site's pool, booked atomically with
 * its journal entries, the stake row, the site's new totals and the stake-placed event.
 */
@Injectable()
export class StakesService {
  constructor(
    private readonly accountsService: AccountsService,
    private readonly accounts: AccountsRepository,
    private readonly booking: StakeBookingRepository,
    private readonly stakes: StakesRepository,
    private readonly knownSites: KnownSitesService,
    private readonly idempotency: IdempotencyRepository,
    private readonly transactions: Transactions,
    private readonly outbox: LedgerOutbox,
    private readonly metrics: LedgerMetrics,
  ) {}

  async place(
    userId: string,
    request: StakeRequest,
    idempotencyKey?: string,
  ): Promise<PlacedStake> {
    try {
      const placed =
        idempotencyKey === undefined
          ? await this.placeNew(userId, request)
          : await this.placeKeyed(userId, request, idempotencyKey);
      this.count(placed.replayed ? 'replayed' : 'placed');
      if (!placed.replayed) {
        this.metrics.stakedBamboo.inc(request.amount);
        this.outbox.committed();
      }
      return placed;
    } catch (error) {
      if (error instanceof LedgerError) this.count(outcomeOf(error));
      throw error;
    }
  }

  listForUser(userId: string): Promise<StakeDto[]> {
    return this.stakes.listByUser(userId, USER_STAKES_LIMIT);
  }

  /** Checks made before anything is written: an unknown site must not even open an account. */
  private async prepare(userId: string, request: StakeRequest): Promise<void> {
    if (!(await this.knownSites.isKnown(request.siteId)))
      throw LedgerError.unknownSite(request.siteId);
    await this.accountsService.ensureOpen(userId);
  }

  /** Without a key: one booking statement, which is its own transaction. */
  private async placeNew(userId: string, request: StakeRequest): Promise<PlacedStake> {
    await this.prepare(userId, request);
    const response = await this.book(userId, request);
    if (!response) throw await this.whyNotBooked(userId, request);
    return { response, replayed: false };
  }

  /**
   * With a key: the user's account is locked first, so a concurrent request with the same
   * key waits and then finds the stored answer; the answer is stored with the booking.
   */
  private async placeKeyed(
    userId: string,
    request: StakeRequest,
    key: string,
  ): Promise<PlacedStake> {
    const requestHash = stakeRequestFingerprint(request);
    // Fast path for a replay of a committed request (checked again under the lock).
    const stored = await this.idempotency.find(userId, key);
    if (stored) return replayOf(stored, requestHash);
    await this.prepare(userId, request);

    const outcome = await this.transactions.run(async (tx): Promise<KeyedBooking> => {
      const account = await this.accounts.lockUserAccount(tx, userId);
      const prior = await this.idempotency.find(userId, key, tx);
      if (prior) return { kind: 'replay', answer: prior };
      if (!account || account.balance < request.amount) throw LedgerError.insufficientBalance();
      const response = await this.book(userId, request, tx);
      if (!response) throw LedgerError.unknownSite(request.siteId); // the balance was checked under the lock
      await this.idempotency.save(tx, userId, key, {
        requestHash,
        statusCode: STAKE_CREATED,
        response,
      });
      return { kind: 'booked', response };
    });
    return outcome.kind === 'replay'
      ? replayOf(outcome.answer, requestHash)
      : { response: outcome.response, replayed: false };
  }

  /** Books the stake and its event; undefined when the balance does not cover it or the site has no pool. */
  private async book(
    userId: string,
    request: StakeRequest,
    executor?: Executor,
  ): Promise<StakeCreateResponse | undefined> {
    const { siteId, amount, type, message } = request;
    const stake: StakeBooking = {
      stakeId: randomUUID(),
      userId,
      siteId,
      amount,
      type,
      message,
      createdAt: new Date(),
    };
    const createdAt = stake.createdAt.toISOString();
    const event: StakePlacedEnvelope = {
      id: randomUUID(),
      topic: Topics.StakePlaced,
      key: String(siteId),
      headers: {
        ...requestEventHeaders(),
        [SCHEMA_VERSION_HEADER]: String(TopicVersions[Topics.StakePlaced]),
      },
      occurredAt: createdAt,
      payload: { stakeId: stake.stakeId, siteId, userId, amount, type, message, createdAt },
    };
    const booked = await this.booking.book(stake, event, executor);
    if (!booked) return undefined;
    return {
      stake: {
        id: stake.stakeId,
        userId,
        siteId,
        amount,
        type,
        message,
        createdAt,
        domain: booked.domain,
      },
      bambooBalance: booked.balance,
      site: siteStakeTotals(booked),
    };
  }

  /** After a booking found nothing to book: a balance too low, else a site without a pool. */
  private async whyNotBooked(userId: string, request: StakeRequest): Promise<LedgerError> {
    // Balances only shrink once granted, so a balance that covers the amount now covered it then.
    const account = await this.accounts.findUserAccount(userId);
    if (!account || account.balance < request.amount) return LedgerError.insufficientBalance();
    return LedgerError.unknownSite(request.siteId);
  }

  private count(outcome: StakeOutcome): void {
    this.metrics.stakes.inc({ outcome });
  }
}

function replayOf(answer: StoredAnswer, requestHash: string): PlacedStake {
  if (answer.requestHash !== requestHash) throw LedgerError.idempotencyKeyReused();
  return { response: answer.response as StakeCreateResponse, replayed: true };
}

function outcomeOf(error: LedgerError): StakeOutcome {
  switch (error.code) {
    case 'INSUFFICIENT_BALANCE':
      return 'insufficient_balance';
    case 'UNKNOWN_SITE':
    case 'SITE_NOT_FOUND':
      return 'unknown_site';
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'idempotency_key_reused';
  }
}
