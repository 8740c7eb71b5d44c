import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveAnalysisSettings } from '../src/analysis.settings.js';
import { PageFetcher } from '../src/fetching/page-fetcher.js';

/** The analyzer's fetcher honours FRENLY_RESOLVE (fetchResolve), and the address policy still applies. */
describe('PageFetcher with FRENLY_RESOLVE', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<title>${request.headers.host}</title>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches shop.test from the loopback fixture it is mapped to', async () => {
    const sut = new PageFetcher(
      resolveAnalysisSettings({
        fetchResolve: [`shop.test=127.0.0.1:${port}`],
        fetchAllowList: [`127.0.0.1:${port}`],
      }),
    );
    const page = await sut.fetch('http://shop.test/');
    expect(page).toMatchObject({
      finalUrl: 'http://shop.test/',
      status: 200,
      html: '<title>shop.test</title>',
    });
  });

  it('refuses the mapped loopback address when the allow-list does not name it', async () => {
    const sut = new PageFetcher(
      resolveAnalysisSettings({ fetchResolve: [`shop.test=127.0.0.1:${port}`] }),
    );
    await expect(sut.fetch('http://shop.test/')).rejects.toMatchObject({
      message: expect.stringMatching(/does not fetch this address/),
    });
  });
});
