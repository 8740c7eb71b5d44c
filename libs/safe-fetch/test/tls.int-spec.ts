import { createStaticResolver, SafeFetcher, SafeFetchErrorCode } from '../src/index.js';
import { PAGE, siteRoutes } from './support/site-routes.js';
import { selfSignedCert, startHttpsServer, type LoopbackServer } from './support/test-servers.js';
import { fetchFailure } from './support/fetch-failure.js';

describe('SafeFetcher over HTTPS', () => {
  let server: LoopbackServer;
  let url: string;
  const resolver = createStaticResolver({
    'tls.frenly.test': ['127.0.0.1'],
    'other.frenly.test': ['127.0.0.1'],
  });
  const fetcher = (options: { ca?: string } = {}): SafeFetcher =>
    new SafeFetcher({
      allowList: [
        `tls.frenly.test:${server.port}`,
        `other.frenly.test:${server.port}`,
        `127.0.0.1:${server.port}`,
      ],
      resolver,
      timeoutMs: 3_000,
      ...options,
    });

  beforeAll(async () => {
    // The certificate is self-signed for tls.frenly.test and 127.0.0.1.
    server = await startHttpsServer(siteRoutes);
    url = `https://tls.frenly.test:${server.port}/ok`;
  });
  afterAll(() => server.close());

  it('refuses a self-signed certificate as TLS_ERROR, and sends no request', async () => {
    const connections = server.connections;
    const requests = server.requests.length;

    const error = await fetchFailure(fetcher().fetch(url));

    expect(error.code).toBe(SafeFetchErrorCode.TlsError);
    expect(error.message).toMatch(
      /^TLS handshake with tls\.frenly\.test:\d+ \(127\.0\.0\.1\) failed: .*self[- ]signed/i,
    );
    expect(server.connections).toBe(connections + 1); // it connected…
    expect(server.requests.length).toBe(requests); // …but never sent the request
  });

  it('trusts the certificate when the test passes its CA, verifying it against the name', async () => {
    const response = await fetcher({ ca: selfSignedCert }).fetch(url);

    expect(response).toMatchObject({
      status: 200,
      tls: true,
      certificateValid: true,
      remoteAddress: '127.0.0.1',
    });
    expect(response.text()).toBe(PAGE);
    const seen = server.requests.at(-1);
    expect(seen?.servername).toBe('tls.frenly.test'); // SNI carries the name, not the pinned address
    expect(seen?.headers.host).toBe(`tls.frenly.test:${server.port}`);
  });

  it('refuses a trusted certificate that does not name the host', async () => {
    const error = await fetchFailure(
      fetcher({ ca: selfSignedCert }).fetch(`https://other.frenly.test:${server.port}/ok`),
    );
    expect(error.code).toBe(SafeFetchErrorCode.TlsError);
    expect(error.message).toMatch(/other\.frenly\.test/);
    expect(error.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it('checks an IP-literal URL against the IP in the certificate', async () => {
    const response = await fetcher({ ca: selfSignedCert }).fetch(
      `https://127.0.0.1:${server.port}/ok`,
    );
    expect(response).toMatchObject({ status: 200, certificateValid: true });
  });
});
