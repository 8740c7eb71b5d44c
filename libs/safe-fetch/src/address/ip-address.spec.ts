import { networkOf } from './ip-address.js';

describe(networkOf.name, () => {
  it.each([
    ['198.51.100.7', { ipv4: 24, ipv6: 48 }, '198.51.100.0/24'],
    ['::FFFF:198.51.100.7', { ipv4: 24, ipv6: 48 }, '198.51.100.0/24'],
    ['203.0.113.9', { ipv4: 32, ipv6: 64 }, '203.0.113.9/32'],
    ['2001:0DB8:0001:0002:ffff::1', { ipv4: 24, ipv6: 64 }, '2001:db8:1:2::/64'],
    ['2001:db8::1', { ipv4: 24, ipv6: 48 }, '2001:db8:0::/48'],
    ['[fe80::1%eth0]', { ipv4: 24, ipv6: 48 }, 'fe80:0:0::/48'],
    ['64:ff9b::192.0.2.1', { ipv4: 24, ipv6: 64 }, '64:ff9b:0:0::/64'],
  ])('%s by %j → %s', (address, prefix, expected) => {
    expect(networkOf(address, prefix)).toBe(expected);
  });

  it.each(['unknown', '', '/tmp/socket', '1.2.3'])(
    'is null for %j, which is no address',
    (text) => {
      expect(networkOf(text, { ipv4: 24, ipv6: 48 })).toBeNull();
    },
  );
});
