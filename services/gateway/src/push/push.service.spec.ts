import { BadRequestException } from '@nestjs/common';
import { fakeOf } from '@frenly/testing';
import { gatewayOptions, movableClock } from '../../test/unit/gateway.factories.js';
import type { PushSubscriptionCreateDto } from './dto/push-subscription-create.dto.js';
import { PushSubscriptionRepository } from './push.repository.js';
import { PushService } from './push.service.js';

// Address literals: the endpoint policy needs no DNS for them.
const PUBLIC_ENDPOINT = 'https://93.184.216.34/push/abc';

const subscription = (
  overrides: Partial<PushSubscriptionCreateDto> = {},
): PushSubscriptionCreateDto => ({
  endpoint: PUBLIC_ENDPOINT,
  keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
  ...overrides,
});

function setup() {
  const subscriptions = fakeOf<PushSubscriptionRepository>();
  const clock = movableClock();
  subscriptions.upsert.mockResolvedValue(undefined);
  const sut = new PushService(subscriptions, gatewayOptions(), clock);
  return { sut, subscriptions, clock };
}

describe(PushService.name, () => {
  it("stores the user's subscription with its keys and expiry", async () => {
    const { sut, subscriptions, clock } = setup();
    const expirationTime = Date.parse('2026-06-01T00:00:00.000Z');

    await expect(sut.subscribe('user-1', subscription({ expirationTime }))).resolves.toEqual({
      endpoint: PUBLIC_ENDPOINT,
    });
    expect(subscriptions.upsert).toHaveBeenCalledWith(
      'user-1',
      {
        endpoint: PUBLIC_ENDPOINT,
        p256dh: 'p256dh-key',
        auth: 'auth-secret',
        expiresAt: new Date(expirationTime),
      },
      clock(),
    );
  });

  it.each([undefined, null])(
    'stores no expiry when the browser gives %j',
    async (expirationTime) => {
      const { sut, subscriptions } = setup();

      await sut.subscribe('user-1', subscription({ expirationTime }));

      expect(subscriptions.upsert.mock.calls[0]![1].expiresAt).toBeNull();
    },
  );

  it.each([
    'http://93.184.216.34/push',
    'https://127.0.0.1/push',
    'https://10.0.0.8/push',
    'https://169.254.169.254/latest',
  ])('refuses the endpoint %s with 400 and stores nothing', async (endpoint) => {
    const { sut, subscriptions } = setup();

    await expect(sut.subscribe('user-1', subscription({ endpoint }))).rejects.toBeInstanceOf(
      BadRequestException,
    );
    expect(subscriptions.upsert).not.toHaveBeenCalled();
  });

  it('answers the VAPID public key', () => {
    expect(setup().sut.publicKey()).toEqual({ publicKey: 'vapid-public-key' });
  });
});
