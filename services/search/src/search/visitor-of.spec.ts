import type { IncomingMessage } from 'node:http';
import { IDENTITY_HEADER, IdentityTokens } from '@frenly/platform';
import { visitorOf, type VisitorSource } from './visitor-of.js';

const tokens = new IdentityTokens('a'.repeat(32));

function request(
  remoteAddress: string,
  headers: Record<string, string | string[]> = {},
): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

const behindGateway: VisitorSource = { trustForwardedFor: true, forwardedHops: 1, tokens };

describe(visitorOf.name, () => {
  it('takes the hop the gateway appended, not what the client claimed to its left', () => {
    expect(
      visitorOf(request('10.0.0.5', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' }), behindGateway),
    ).toEqual({ ip: '198.51.100.7' });
  });

  it('with a reverse proxy in front of the gateway (two hops), takes the address that proxy saw', () => {
    const viaIngress = request('10.0.0.5', {
      'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.1.0.3',
    });
    expect(visitorOf(viaIngress, { ...behindGateway, forwardedHops: 2 })).toEqual({
      ip: '198.51.100.7',
    });
    expect(
      visitorOf(request('10.0.0.5', { 'x-forwarded-for': '10.1.0.3' }), {
        ...behindGateway,
        forwardedHops: 2,
      }),
    ).toEqual({ ip: '10.1.0.3' });
  });

  it('uses the socket address when not behind the gateway, whatever the header says', () => {
    expect(
      visitorOf(request('203.0.113.4', { 'x-forwarded-for': '1.2.3.4' }), {
        ...behindGateway,
        trustForwardedFor: false,
      }),
    ).toEqual({ ip: '203.0.113.4' });
  });

  it('names the signed-in user the gateway vouches for, and ignores a forged identity', () => {
    const signed = tokens.sign({ userId: 'user-7', firstName: null, lastName: null, email: null });
    expect(
      visitorOf(
        request('10.0.0.5', { 'x-forwarded-for': '198.51.100.7', [IDENTITY_HEADER]: signed }),
        behindGateway,
      ),
    ).toEqual({ ip: '198.51.100.7', userId: 'user-7' });
    const forged = new IdentityTokens('b'.repeat(32)).sign({
      userId: 'user-7',
      firstName: null,
      lastName: null,
      email: null,
    });
    expect(
      visitorOf(
        request('10.0.0.5', { 'x-forwarded-for': '198.51.100.7', [IDENTITY_HEADER]: forged }),
        behindGateway,
      ),
    ).toEqual({ ip: '198.51.100.7' });
  });
});
