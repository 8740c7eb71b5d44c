import { checkPublicUrl } from './check-public-url.js';
import { createStaticResolver } from './resolver.js';
import { SafeFetchErrorCode } from './safe-fetch-error.js';

const resolver = createStaticResolver({
  'push.example.com': ['93.184.215.14'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
  'meta.example.com': ['169.254.169.254'],
  'loop6.example.com': ['::1'],
});

describe('checkPublicUrl', () => {
  it('accepts a name whose every address is public, listing them', async () => {
    const verdict = await checkPublicUrl('https://push.example.com/send/1', { resolver });
    expect(verdict).toMatchObject({ resolved: true, addresses: ['93.184.215.14'] });
  });

  it.each([
    ['one private address among public ones', 'https://rebind.example.com/x'],
    ['a metadata address', 'https://meta.example.com/x'],
    ['an IPv6 loopback address', 'https://loop6.example.com/x'],
    ['a literal loopback IP', 'https://127.0.0.1/x'],
    ['a loopback IP in another notation', 'https://2130706433/x'],
    ['a loopback name', 'https://localhost/x'],
  ])('refuses %s', async (_, url) => {
    await expect(checkPublicUrl(url, { resolver })).rejects.toMatchObject({
      code: SafeFetchErrorCode.BlockedAddress,
    });
  });

  it('leaves a name that does not resolve unjudged (the later connection checks again)', async () => {
    const verdict = await checkPublicUrl('https://nowhere.example.com/x', { resolver });
    expect(verdict).toMatchObject({ resolved: false, addresses: [] });
  });

  it('gives up on a resolver that does not answer in time', async () => {
    const verdict = await checkPublicUrl('https://slow.example.com/x', {
      resolver: () => new Promise(() => undefined),
      timeoutMs: 20,
    });
    expect(verdict.resolved).toBe(false);
  });
});
