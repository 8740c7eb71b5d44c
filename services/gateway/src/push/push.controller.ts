import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { PushPublicKeyResponse, PushSubscriptionResponse } from '@frenly/contracts';
import { CurrentIdentity, SignedInGuard, type Identity } from '@frenly/platform';
import { PushSubscriptionCreateDto } from './dto/push-subscription-create.dto.js';
import { PushService } from './push.service.js';

@Controller('api/push')
export class PushController {
  constructor(private readonly push: PushService) {}

  @Post('subscribe')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  subscribe(
    @CurrentIdentity() identity: Identity,
    @Body() dto: PushSubscriptionCreateDto,
  ): Promise<PushSubscriptionResponse> {
    return this.push.subscribe(identity.userId, dto);
  }

  /** The VAPID public key the frontend subscribes with (empty when push is not configured). */
  @Get('public-key')
  publicKey(): PushPublicKeyResponse {
    return this.push.publicKey();
  }
}
