import type { IncomingMessage } from 'node:http';
import { addressKey, clientAddress } from './client-address.js';

const request = (
  remoteAddress: string,
  headers: Record<string, string | string[]> = {},
): IncomingMessage => ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe(clientAddress.name, () => {
  it('is the socket address without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(
      clientAddress(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), false),
    ).toBe('203.0.113.7');
  });

  it('is the last X-Forwarded-For entry behind a trusted proxy (the one the proxy appended)', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.1' });
    expect(clientAddress(req, true)).toBe('198.51.100.1');
    expect(
      clientAddress(request('10.0.0.2', { 'x-forwarded-for': ['1.2.3.4', '198.51.100.9'] }), true),
    ).toBe('198.51.100.9');
  });

  it('falls back to the socket when the forwarded entry is not an address', () => {
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': 'garbage' }), true)).toBe(
      '10.0.0.2',
    );
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '' }), true)).toBe('10.0.0.2');
  });

  it('unmaps IPv4 clients of a dual-stack socket', () => {
    expect(clientAddress(request('::ffff:127.0.0.1'), false)).toBe('127.0.0.1');
  });
});

describe(addressKey.name, () => {
  it('keeps IPv4 addresses', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by /64, however they are written', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
