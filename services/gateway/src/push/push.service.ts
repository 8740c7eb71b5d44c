import { Inject, Injectable } from '@nestjs/common';
import type { PushPublicKeyResponse, PushSubscriptionResponse } from '@frenly/contracts';
import {
  GATEWAY_CLOCK,
  GATEWAY_OPTIONS,
  type Clock,
  type GatewayOptions,
} from '../gateway.options.js';
import type { PushSubscriptionCreateDto } from './dto/push-subscription-create.dto.js';
import { assertPublicPushEndpoint } from './push-endpoint-policy.js';
import { PushSubscriptionRepository } from './push.repository.js';

@Injectable()
export class PushService {
  constructor(
    private readonly subscriptions: PushSubscriptionRepository,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(GATEWAY_CLOCK) private readonly now: Clock,
  ) {}

  async subscribe(
    userId: string,
    dto: PushSubscriptionCreateDto,
  ): Promise<PushSubscriptionResponse> {
    await assertPublicPushEndpoint(dto.endpoint);
    const expiresAt = typeof dto.expirationTime === 'number' ? new Date(dto.expirationTime) : null;
    await this.subscriptions.upsert(
      userId,
      { endpoint: dto.endpoint, p256dh: dto.keys.p256dh, auth: dto.keys.auth, expiresAt },
      this.now(),
    );
    return { endpoint: dto.endpoint };
  }

  publicKey(): PushPublicKeyResponse {
    return { publicKey: this.options.identity.vapidPublicKey };
  }
}
