import { createStaticResolver, SafeFetchErrorCode } from '@frenly/safe-fetch';
import { EgressPolicy } from './egress-policy.js';

describe(EgressPolicy.name, () => {
  const resolver = createStaticResolver({
    'public.test': ['93.184.216.34'],
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'internal.test': ['192.168.1.10'],
  });

  it('passes a public name, connecting to the address it resolved to', async () => {
    const sut = new EgressPolicy({ resolver });
    await expect(sut.vet(new URL('https://public.test/'))).resolves.toEqual({
      address: '93.184.216.34',
      port: 443,
    });
  });

  it.each([
    ['a literal loopback address', 'http://127.0.0.1:8080/'],
    ['loopback in decimal', 'http://2130706433/'],
    ['a loopback name', 'http://localhost/'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.1.2.3/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['a name resolving to a private address', 'http://internal.test/'],
    ['a name with one private address among public ones', 'http://mixed.test/'],
  ])('refuses %s', async (_what, url) => {
    const sut = new EgressPolicy({ resolver });
    await expect(sut.vet(new URL(url))).rejects.toMatchObject({
      code: SafeFetchErrorCode.BlockedAddress,
    });
  });

  it('routes FRENLY_RESOLVE names, letting loopback through only where the allow-list names ADDRESS:PORT', async () => {
    const rules = ['shop.test=127.0.0.1:4001', 'other.test=127.0.0.1:4002'];
    const sut = new EgressPolicy({ resolver, resolve: rules, allowList: ['127.0.0.1:4001'] });
    await expect(sut.vet(new URL('https://shop.test/'))).resolves.toEqual({
      address: '127.0.0.1',
      port: 4001,
    });
    await expect(sut.vet(new URL('http://other.test/'))).rejects.toMatchObject({
      code: SafeFetchErrorCode.BlockedAddress,
    });
    // The allow-listed port is open to the literal address too (the fixture itself), no other port.
    await expect(sut.vet(new URL('http://127.0.0.1:4001/'))).resolves.toEqual({
      address: '127.0.0.1',
      port: 4001,
    });
    await expect(sut.vet(new URL('http://127.0.0.1:4003/'))).rejects.toMatchObject({
      code: SafeFetchErrorCode.BlockedAddress,
    });
  });

  it('gives up on a name that does not resolve in time', async () => {
    const sut = new EgressPolicy({
      resolver: () => new Promise(() => undefined),
      resolveTimeoutMs: 20,
    });
    await expect(sut.vet(new URL('http://slow.test/'))).rejects.toMatchObject({
      code: SafeFetchErrorCode.DnsFailed,
    });
  });
});
