import type { IncomingMessage } from 'node:http';
import { addressKey, clientAddress } from './client-address.js';
import { DEFAULT_TRUSTED_PROXIES } from './edge-settings.js';
import { compileProxyTrust, proxyAddressProblem } from './proxy-trust.js';

const request = (
  remoteAddress: string,
  headers: Record<string, string | string[]> = {},
): IncomingMessage => ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

const oneProxyNearby = compileProxyTrust(DEFAULT_TRUSTED_PROXIES);

describe(clientAddress.name, () => {
  it('is the socket address without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(
      clientAddress(request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' }), undefined),
    ).toBe('203.0.113.7');
  });

  it('is the last X-Forwarded-For entry behind a trusted proxy (the one the proxy appended)', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 198.51.100.1' });
    expect(clientAddress(req, oneProxyNearby)).toBe('198.51.100.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy (a client reaching us directly)', () => {
    const direct = request('203.0.113.7', { 'x-forwarded-for': '198.51.100.1' });
    expect(clientAddress(direct, oneProxyNearby)).toBe('203.0.113.7');
    const listed = compileProxyTrust({ addresses: ['192.0.2.10'], hops: 1 });
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '198.51.100.1' }), listed)).toBe(
      '10.0.0.2',
    );
    expect(
      clientAddress(request('192.0.2.10', { 'x-forwarded-for': '198.51.100.1' }), listed),
    ).toBe('198.51.100.1');
  });

  it('believes as many hops as configured, and no more', () => {
    // client → CDN (192.0.2.20) → ingress (10.0.0.2) → gateway; the client wrote 1.2.3.4 itself.
    const headers = { 'x-forwarded-for': '1.2.3.4, 198.51.100.1, 192.0.2.20' };
    const twoHops = compileProxyTrust({ addresses: ['10.0.0.0/8', '192.0.2.20'], hops: 2 });
    expect(clientAddress(request('10.0.0.2', headers), twoHops)).toBe('198.51.100.1');
    const oneHop = compileProxyTrust({ addresses: ['10.0.0.0/8', '192.0.2.20'], hops: 1 });
    expect(clientAddress(request('10.0.0.2', headers), oneHop)).toBe('192.0.2.20');
  });

  it('falls back to the socket when the forwarded entry is not an address', () => {
    expect(
      clientAddress(request('10.0.0.2', { 'x-forwarded-for': 'garbage' }), oneProxyNearby),
    ).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', { 'x-forwarded-for': '' }), oneProxyNearby)).toBe(
      '10.0.0.2',
    );
  });

  it('unmaps IPv4 clients of a dual-stack socket', () => {
    expect(clientAddress(request('::ffff:127.0.0.1'), undefined)).toBe('127.0.0.1');
    expect(
      clientAddress(
        request('::ffff:127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }),
        oneProxyNearby,
      ),
    ).toBe('198.51.100.4');
  });
});

describe(proxyAddressProblem.name, () => {
  it.each(['10.0.0.0/8', '192.0.2.1', '::1', 'loopback', 'uniquelocal'])('accepts %s', (item) => {
    expect(proxyAddressProblem(item)).toBeUndefined();
  });

  it.each(['proxy.example', '10.0.0.0/99', 'everyone'])('refuses %s', (item) => {
    expect(proxyAddressProblem(item)).toBeDefined();
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
