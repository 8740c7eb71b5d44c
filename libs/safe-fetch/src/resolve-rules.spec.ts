import { checkUrl } from './check-url.js';
import { fetchResolveVar, ResolveRules, resolveRuleProblem } from './resolve-rules.js';
import { AllowList } from './allow-list.js';

describe(ResolveRules.name, () => {
  const sut = new ResolveRules([
    'shop.test=127.0.0.1:4001',
    '*.cdn.test=127.0.0.1:4002',
    '*.img.cdn.test=[::1]:4003',
    '*=127.0.0.2:4004',
  ]);

  it('maps the exact name first, then the longest *.suffix, then *', () => {
    expect(sut.match('shop.test')).toEqual({ address: '127.0.0.1', port: 4001 });
    expect(sut.match('SHOP.test.')).toEqual({ address: '127.0.0.1', port: 4001 });
    expect(sut.match('a.cdn.test')).toEqual({ address: '127.0.0.1', port: 4002 });
    expect(sut.match('x.y.cdn.test')).toEqual({ address: '127.0.0.1', port: 4002 });
    expect(sut.match('a.img.cdn.test')).toEqual({ address: '::1', port: 4003 });
    // `*.cdn.test` names what is under cdn.test, not cdn.test itself.
    expect(sut.match('cdn.test')).toEqual({ address: '127.0.0.2', port: 4004 });
    expect(sut.match('example.com')).toEqual({ address: '127.0.0.2', port: 4004 });
  });

  it('never remaps a host written as an IP address, even under *', () => {
    expect(sut.match('127.0.0.1')).toBeUndefined();
    expect(sut.match('[::1]')).toBeUndefined();
    expect(sut.match('10.0.0.1')).toBeUndefined();
  });

  it('maps nothing without rules, and leaves unmatched names to the resolver', async () => {
    const none = new ResolveRules();
    expect(none.empty).toBe(true);
    expect(none.match('shop.test')).toBeUndefined();
    const only = new ResolveRules(['shop.test=127.0.0.1:4001']);
    expect(only.match('other.test')).toBeUndefined();
    const resolver = only.wrap(async (name) => [`resolved:${name}`]);
    await expect(resolver('shop.test')).resolves.toEqual(['127.0.0.1']);
    await expect(resolver('other.test')).resolves.toEqual(['resolved:other.test']);
  });

  it('routes a mapped hop to the rule port, keeping URL, name and TLS; only ADDRESS:PORT counts as allow-listed', () => {
    const allowList = new AllowList(['shop.test:80']);
    const checked = checkUrl('http://shop.test/basket?x=1', { allowList });
    expect(checked.allowListed).toBe(true);
    const route = sut.route(checked);
    expect(route).toMatchObject({
      hostname: 'shop.test',
      port: 4001,
      tls: false,
      ip: null,
      allowListed: false,
    });
    expect(route.url.href).toBe('http://shop.test/basket?x=1');
    const literal = checkUrl('http://8.8.8.8/');
    expect(sut.route(literal)).toBe(literal);
  });

  it('refuses malformed rules, naming the problem', () => {
    expect(() => new ResolveRules(['shop.test'])).toThrow(
      /Invalid FRENLY_RESOLVE rule "shop.test": expected HOST=ADDRESS:PORT/,
    );
    expect(resolveRuleProblem('shop.test=127.0.0.1')).toMatch(/expected HOST=ADDRESS:PORT/);
    expect(resolveRuleProblem('shop.test=example.com:80')).toMatch(/expected HOST=ADDRESS:PORT/);
    expect(resolveRuleProblem('shop.test=999.1.1.1:80')).toMatch(/not an IP address/);
    expect(resolveRuleProblem('shop.test=127.0.0.1:0')).toMatch(/between 1 and 65535/);
    expect(resolveRuleProblem('shop.test=127.0.0.1:70000')).toMatch(/between 1 and 65535/);
    expect(resolveRuleProblem('a.*.test=127.0.0.1:80')).toMatch(/wildcard may only stand first/);
    expect(resolveRuleProblem('10.0.0.1=127.0.0.1:80')).toMatch(/never remapped/);
    expect(resolveRuleProblem('sh_op/x=127.0.0.1:80')).toMatch(/not a (plain|valid) host name/);
    expect(resolveRuleProblem('*=[::1]:80')).toBeUndefined();
    expect(resolveRuleProblem(' *.cdn.test=127.0.0.1:80 ')).toBeUndefined();
  });
});

describe('fetchResolveVar (FRENLY_RESOLVE)', () => {
  it('reads comma-separated rules, empty by default', () => {
    expect(fetchResolveVar.parse(undefined, {})).toEqual({ ok: true, value: [] });
    expect(
      fetchResolveVar.parse(' shop.test=127.0.0.1:4001 , *.cdn.test=127.0.0.1:4002 ', {}),
    ).toEqual({
      ok: true,
      value: ['shop.test=127.0.0.1:4001', '*.cdn.test=127.0.0.1:4002'],
    });
    expect(fetchResolveVar.parse('shop.test', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/invalid rule "shop.test"/),
    });
  });

  it('is refused when NODE_ENV=production, and only when it is set', () => {
    const production = { NODE_ENV: 'production' };
    expect(fetchResolveVar.parse('shop.test=127.0.0.1:4001', production)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/refused when NODE_ENV=production/),
    });
    expect(fetchResolveVar.parse('', production)).toEqual({ ok: true, value: [] });
    expect(fetchResolveVar.parse('shop.test=127.0.0.1:4001', { NODE_ENV: 'test' })).toMatchObject({
      ok: true,
    });
  });
});
