import { SafeFetcher, SafeFetchErrorCode } from '../src/index.js';
import { startHttpServer, type LoopbackServer } from './support/test-servers.js';
import { fetchFailure } from './support/fetch-failure.js';

/** FRENLY_RESOLVE through the real fetcher: one loopback server answers for a whole fixture web. */
describe('SafeFetcher with FRENLY_RESOLVE rules', () => {
  let web: LoopbackServer;
  let rules: string[];

  beforeAll(async () => {
    web = await startHttpServer((request, response) => {
      const host = request.headers.host ?? '';
      if (request.url === '/to-cdn') {
        response.writeHead(302, { location: 'http://img.cdn.test/logo' });
        return void response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>${host} ${request.url}</p>`);
    });
    rules = [`shop.test=127.0.0.1:${web.port}`, `*.cdn.test=127.0.0.1:${web.port}`];
  });
  afterAll(() => web.close());

  it('reaches shop.test and *.cdn.test on the mapped address and port, with their own Host header', async () => {
    const sut = new SafeFetcher({
      resolve: rules,
      allowList: [`127.0.0.1:${web.port}`],
      timeoutMs: 3_000,
    });

    const shop = await sut.fetch('http://shop.test/basket');
    expect(shop).toMatchObject({
      status: 200,
      finalUrl: 'http://shop.test/basket',
      remoteAddress: '127.0.0.1',
    });
    expect(shop.text()).toBe('<p>shop.test /basket</p>');

    const cdn = await sut.fetch('http://static.eu.cdn.test/app.js');
    expect(cdn.text()).toBe('<p>static.eu.cdn.test /app.js</p>');

    // Redirects are routed hop by hop.
    const redirected = await sut.fetch('http://shop.test/to-cdn');
    expect(redirected.finalUrl).toBe('http://img.cdn.test/logo');
    expect(redirected.text()).toBe('<p>img.cdn.test /logo</p>');
  });

  it('refuses the mapped loopback address without the allow-list, before connecting', async () => {
    const before = web.connections;
    const sut = new SafeFetcher({ resolve: rules, timeoutMs: 3_000 });

    const error = await fetchFailure(sut.fetch('http://shop.test/'));
    expect(error.code).toBe(SafeFetchErrorCode.BlockedAddress);
    expect(error.message).toMatch(/shop\.test resolves to 127\.0\.0\.1/);
    expect(error.connectionAttempts).toBe(0);

    // Listing the name (or the address on another port) is not listing where the rule sends it.
    const byName = new SafeFetcher({ resolve: rules, allowList: ['shop.test:80', '127.0.0.1:80'] });
    expect((await fetchFailure(byName.fetch('http://shop.test/'))).code).toBe(
      SafeFetchErrorCode.BlockedAddress,
    );
    expect(web.connections).toBe(before);
  });

  it('never lets a rule reach a metadata address, allow-listed or not', async () => {
    const sut = new SafeFetcher({
      resolve: ['shop.test=169.254.169.254:80'],
      allowList: ['169.254.169.254:80'],
    });
    const error = await fetchFailure(sut.fetch('http://shop.test/'));
    expect(error.code).toBe(SafeFetchErrorCode.BlockedAddress);
    expect(error.connectionAttempts).toBe(0);
  });
});
