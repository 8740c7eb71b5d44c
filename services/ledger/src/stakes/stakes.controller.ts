import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  type StakeCreateResponse,
  type StakeDto,
} from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type HttpResponse, type Identity } from '@frenly/platform';
import { IdempotencyKey } from './idempotency-key.decorator.js';
import { StakeCreateDto } from './stake-create.dto.js';
import { toStakeRequest } from './stake-request.js';
import { StakesService } from './stakes.service.js';

@Controller('api/stakes')
@UseGuards(SignedInGuard)
export class StakesController {
  constructor(private readonly stakes: StakesService) {}

  /** Stakes bamboo on a site. With an Idempotency-Key, a replay gets the first answer and charges nothing. */
  @Post()
  @HttpCode(201)
  async create(
    @CurrentIdentity() identity: Identity,
    @Body() body: StakeCreateDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: HttpResponse,
  ): Promise<StakeCreateResponse> {
    const { response, replayed } = await this.stakes.place(
      identity.userId,
      toStakeRequest(body),
      idempotencyKey,
    );
    if (replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return response;
  }

  /** The signed-in user's stakes, newest first. */
  @Get('user')
  list(@CurrentIdentity() identity: Identity): Promise<StakeDto[]> {
    return this.stakes.listForUser(identity.userId);
  }
}
