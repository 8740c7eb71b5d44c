import { classifyAddress, type AddressCategory } from './classify-address.js';

describe(classifyAddress.name, () => {
  const blocked: [string, AddressCategory][] = [
    // IPv4
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:7f00:1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['::ffff:169.254.169.254', 'ipv4-mapped'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['::10.0.0.1', 'ipv4-compatible'],
    ['::ffff:0:127.0.0.1', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['64:ff9b:1::1', 'private'],
    ['100::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['4000::1', 'reserved'],
    ['::2', 'ipv4-compatible'],
    // Not addresses at all: refused, never guessed at.
    ['localhost', 'invalid'],
    ['2130706433', 'invalid'],
    ['0x7f.1', 'invalid'],
    ['', 'invalid'],
  ];

  it.each(blocked)('refuses %s as %s', (address, category) => {
    const result = classifyAddress(address);
    expect(result).toMatchObject({ category, blocked: true });
  });

  const allowed: string[] = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above CGNAT
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ];

  it.each(allowed)('lets %s through as public', (address) => {
    expect(classifyAddress(address)).toMatchObject({ category: 'public', blocked: false });
  });

  it('canonicalises the address it reports', () => {
    expect(classifyAddress('0:0:0:0:0:ffff:7f00:0001').address).toBe('::ffff:7f00:1');
    expect(classifyAddress('[FE80::1%eth0]').address).toBe('fe80::1');
  });

  it('names what an IPv6 tunnel or translation address carries', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toMatchObject({
      embeddedIPv4: '127.0.0.1',
      description: 'an IPv4-mapped IPv6 address embedding 127.0.0.1, a loopback address',
    });
    expect(classifyAddress('64:ff9b::10.0.0.5').description).toBe(
      'a NAT64 address embedding 10.0.0.5, a private address',
    );
    expect(classifyAddress('2002:a9fe:a9fe::').description).toBe(
      'a 6to4 address embedding 169.254.169.254, a cloud metadata address',
    );
  });
});
