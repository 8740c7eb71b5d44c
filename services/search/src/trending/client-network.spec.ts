import { clientNetwork } from './client-network.js';

describe(clientNetwork.name, () => {
  it('keeps the /24 of an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.0/24');
    expect(clientNetwork('198.51.100.200')).toBe('198.51.100.0/24');
    expect(clientNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(clientNetwork('198.51.101.7')).not.toBe(clientNetwork('198.51.100.7'));
  });

  it('keeps the /48 of an IPv6 address, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:0DB8:0001:ffff:0:0:0:9')).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(clientNetwork('::1')).toBe('0:0:0::/48');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(clientNetwork('2001:db8:2::1')).not.toBe(clientNetwork('2001:db8:1::1'));
  });

  it('leaves what is not an address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
