import { AllowList } from './allow-list.js';
import { checkUrl } from './check-url.js';
import { SafeFetchError, SafeFetchErrorCode } from './safe-fetch-error.js';

function refusal(url: string, allowList?: AllowList): SafeFetchError {
  try {
    checkUrl(url, allowList ? { allowList } : {});
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

describe(checkUrl.name, () => {
  describe('literal addresses in every notation resolve to the address they mean', () => {
    it.each([
      ['http://2130706433/', '127.0.0.1', 'loopback'],
      ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
      ['http://0x7f.1/', '127.0.0.1', 'loopback'],
      ['http://0x7f000001/', '127.0.0.1', 'loopback'],
      ['http://017700000001/', '127.0.0.1', 'loopback'],
      ['http://127.1/', '127.0.0.1', 'loopback'],
      ['http://127.0.0.1./', '127.0.0.1', 'loopback'],
      ['http://127.0.0.%31/', '127.0.0.1', 'loopback'],
      ['http://１２７.０.０.１/', '127.0.0.1', 'loopback'],
      ['http:\\\\127.0.0.1\\', '127.0.0.1', 'loopback'],
      ['HTTP://0/', '0.0.0.0', 'unspecified'],
      ['http://0x0a.0.0.5/', '10.0.0.5', 'private'],
      ['http://167772165/', '10.0.0.5', 'private'],
      ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254', 'cloud metadata'],
      ['http://2852039166/', '169.254.169.254', 'cloud metadata'],
      ['http://[::1]/', '::1', 'loopback'],
      ['http://[0:0:0:0:0:0:0:1]:8080/', '::1', 'loopback'],
      ['http://[::]/', '::', 'unspecified'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'IPv4-mapped'],
      ['http://[::ffff:7f00:1]/', '::ffff:7f00:1', 'IPv4-mapped'],
      ['http://[::127.0.0.1]/', '::7f00:1', 'IPv4-compatible'],
      ['http://[64:ff9b::10.0.0.1]/', '64:ff9b::a00:1', 'NAT64'],
      ['http://[2002:7f00:1::]/', '2002:7f00:1::', '6to4'],
      ['http://[fe80::1]/', 'fe80::1', 'link-local'],
      ['http://[fd00::1]/', 'fd00::1', 'private'],
      ['http://[fd00:ec2::254]/', 'fd00:ec2::254', 'cloud metadata'],
      ['https://100.64.1.1/', '100.64.1.1', 'carrier-grade NAT'],
    ])('%s → %s (%s)', (url, address, reason) => {
      const error = refusal(url);
      expect(error.code).toBe(SafeFetchErrorCode.BlockedAddress);
      expect(error.address).toBe(address);
      expect(error.message).toContain(`Refused: ${address} is`);
      expect(error.message).toContain(reason);
    });
  });

  it('names the reason in plain words', () => {
    expect(refusal('http://10.0.0.5/').message).toBe('Refused: 10.0.0.5 is a private address');
  });

  it.each([
    ['http://localhost/', 'a loopback name'],
    ['http://LOCALHOST./', 'a loopback name'],
    ['http://app.localhost:3000/', 'a loopback name'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'a cloud metadata name'],
    ['http://metadata/', 'a cloud metadata name'],
  ])('refuses the name in %s without resolving it', (url, description) => {
    const error = refusal(url);
    expect(error.code).toBe(SafeFetchErrorCode.BlockedAddress);
    expect(error.message).toContain(description);
  });

  it.each([
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_stats',
    'ftp://example.com/',
    'data:text/html,hi',
    'javascript:alert(1)',
    'ws://example.com/',
  ])('refuses the scheme of %s', (url) => {
    expect(refusal(url).code).toBe(SafeFetchErrorCode.UnsupportedProtocol);
  });

  it.each([
    'http://user:secret@example.com/',
    'https://user@example.com/',
    'http://:pw@example.com/',
  ])('refuses credentials in %s and keeps them out of the error', (url) => {
    const error = refusal(url);
    expect(error.code).toBe(SafeFetchErrorCode.CredentialsInUrl);
    expect(`${error.message} ${error.url}`).not.toMatch(/secret|user@|pw@/);
  });

  it.each([
    'not a url',
    '//example.com/',
    'http://[fe80::1%25eth0]/', // zone ids are not valid in URLs
    'http://256.1/',
    'http://0x100000000/',
    'http://[::1]:99999/',
    'http://example.com:0/',
    'http://exa mple.com/',
  ])('refuses the malformed %s as INVALID_URL', (url) => {
    expect(refusal(url).code).toBe(SafeFetchErrorCode.InvalidUrl);
  });

  it('accepts public names and addresses, with default ports', () => {
    expect(checkUrl('https://Example.COM./path?q=1#frag')).toMatchObject({
      hostname: 'example.com',
      port: 443,
      tls: true,
      ip: null,
      allowListed: false,
    });
    expect(checkUrl('http://8.8.8.8:8080/')).toMatchObject({
      hostname: '8.8.8.8',
      port: 8080,
      ip: '8.8.8.8',
    });
    expect(checkUrl('http://[2606:4700:4700::1111]/')).toMatchObject({
      ip: '2606:4700:4700::1111',
      port: 80,
    });
    expect(checkUrl('http://ä.example/').hostname).toBe('xn--4ca.example');
  });

  describe('with an allow-list', () => {
    const allowList = new AllowList([
      '127.0.0.1:4000',
      'localhost:5000',
      '[::1]:6000',
      '169.254.169.254:80',
    ]);

    it('lets exactly the listed host:port pairs through, in any notation', () => {
      expect(checkUrl('http://127.0.0.1:4000/', { allowList }).allowListed).toBe(true);
      expect(checkUrl('http://2130706433:4000/', { allowList }).allowListed).toBe(true);
      expect(checkUrl('http://localhost:5000/', { allowList }).allowListed).toBe(true);
      expect(checkUrl('http://[0::1]:6000/', { allowList }).allowListed).toBe(true);
    });

    it('refuses other ports and other loopback addresses', () => {
      expect(refusal('http://127.0.0.1:4001/', allowList).code).toBe(
        SafeFetchErrorCode.BlockedAddress,
      );
      expect(refusal('http://127.0.0.2:4000/', allowList).code).toBe(
        SafeFetchErrorCode.BlockedAddress,
      );
      expect(refusal('http://localhost:4000/', allowList).code).toBe(
        SafeFetchErrorCode.BlockedAddress,
      );
      expect(refusal('http://[::ffff:127.0.0.1]:4000/', allowList).code).toBe(
        SafeFetchErrorCode.BlockedAddress,
      );
    });

    it('never lets a metadata address through, even when listed', () => {
      expect(refusal('http://169.254.169.254/', allowList).message).toContain('cloud metadata');
    });
  });
});
