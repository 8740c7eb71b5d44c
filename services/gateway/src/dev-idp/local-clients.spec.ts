import type { IncomingMessage } from 'node:http';
import { isLocalClient, isLoopbackAddress } from './local-clients.js';

describe(isLoopbackAddress.name, () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::FFFF:127.0.0.2',
  ])('%s is loopback', (address) => expect(isLoopbackAddress(address)).toBe(true));

  it.each([
    '192.0.2.2',
    '10.0.0.1',
    '0.0.0.0',
    '::',
    '::2',
    'fd00::1',
    '::ffff:192.0.2.2',
    '128.0.0.1',
    'localhost',
    'unknown',
    '',
    undefined,
  ])('%s is not', (address) => expect(isLoopbackAddress(address)).toBe(false));
});

describe(isLocalClient.name, () => {
  const request = (remoteAddress: string, headers: IncomingMessage['headers'] = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it('accepts a loopback connection, also from a proxy on this machine forwarding for a loopback client', () => {
    expect(isLocalClient(request('127.0.0.1'))).toBe(true);
    expect(isLocalClient(request('::ffff:127.0.0.1'))).toBe(true);
    expect(isLocalClient(request('::1', { 'x-forwarded-for': '127.0.0.1, ::1' }))).toBe(true);
    expect(isLocalClient(request('127.0.0.1', { forwarded: 'for="[::1]:5173";proto=http' }))).toBe(
      true,
    );
  });

  it('refuses a connection from another address, whatever its headers say', () => {
    expect(isLocalClient(request('192.0.2.2'))).toBe(false);
    expect(isLocalClient(request('::ffff:192.0.2.2', { 'x-forwarded-for': '127.0.0.1' }))).toBe(
      false,
    );
    expect(isLocalClient(request('fd00::2', { forwarded: 'for=127.0.0.1' }))).toBe(false);
  });

  it('refuses a loopback connection that forwards for a client elsewhere (a reverse proxy on this machine)', () => {
    expect(isLocalClient(request('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }))).toBe(false);
    expect(
      isLocalClient(request('127.0.0.1', { 'x-forwarded-for': ['127.0.0.1', '203.0.113.7'] })),
    ).toBe(false);
    expect(
      isLocalClient(request('127.0.0.1', { forwarded: 'for=203.0.113.7:4711;proto=https' })),
    ).toBe(false);
    expect(isLocalClient(request('127.0.0.1', { forwarded: 'for=unknown' }))).toBe(false);
    expect(isLocalClient(request('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711"' }))).toBe(
      false,
    );
  });
});
