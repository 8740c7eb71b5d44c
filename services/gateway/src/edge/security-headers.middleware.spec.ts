import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import {
  helmetHeaders,
  helmetOptions,
  securityHeadersMiddleware,
  PERMISSIONS_POLICY,
} from './security-headers.middleware.js';

/** A real Node response (nothing is sent): what the middleware leaves on it is what a client gets. */
function response(headers: Record<string, string> = {}): {
  req: IncomingMessage;
  res: ServerResponse;
} {
  const req = new IncomingMessage(new Socket());
  Object.assign(req.headers, headers);
  return { req, res: new ServerResponse(req) };
}

function headersAfter(
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  req: IncomingMessage,
  res: ServerResponse,
) {
  let nextCalled = false;
  middleware(req, res, () => {
    nextCalled = true;
  });
  expect(nextCalled).toBe(true);
  return res.getHeaders();
}

describe('securityHeadersMiddleware', () => {
  it.each([false, true])(
    'sets exactly the headers helmet itself sets (https %s), plus Permissions-Policy',
    (https) => {
      const viaHelmet = response();
      viaHelmet.res.setHeader('X-Powered-By', 'Express');
      const expected = headersAfter(helmet(helmetOptions(https)), viaHelmet.req, viaHelmet.res);

      const ours = response(https ? { 'x-forwarded-proto': 'https' } : {});
      ours.res.setHeader('X-Powered-By', 'Express');
      const actual = headersAfter(securityHeadersMiddleware(true), ours.req, ours.res);

      expect(actual).toEqual({ ...expected, 'permissions-policy': PERMISSIONS_POLICY });
      expect(actual['x-powered-by']).toBeUndefined();
    },
  );

  it('sends HSTS and upgrade-insecure-requests over https only', () => {
    const overHttp = Object.fromEntries(helmetHeaders(helmetOptions(false)));
    const overHttps = Object.fromEntries(helmetHeaders(helmetOptions(true)));
    expect(overHttp['Strict-Transport-Security']).toBeUndefined();
    expect(overHttps['Strict-Transport-Security']).toMatch(/^max-age=31536000/);
    expect(overHttps['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    expect(overHttp['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
  });
});
