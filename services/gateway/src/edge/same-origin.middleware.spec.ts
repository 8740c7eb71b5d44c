import type { IncomingMessage } from 'node:http';
import { judge } from './same-origin.middleware.js';

const request = (headers: Record<string, string>): IncomingMessage =>
  ({ headers, socket: {} }) as unknown as IncomingMessage;
const policy = { publicOrigin: 'https://frenly.example', trustProxy: false };

describe(judge.name, () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, true], // the browser's own word wins
    [{ 'sec-fetch-site': 'none' }, true],
    [
      { 'sec-fetch-site': 'cross-site', host: 'frenly.example', origin: 'https://frenly.example' },
      false,
    ],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ host: 'localhost:3000', origin: 'http://localhost:3000' }, true],
    [{ host: 'localhost:3000', origin: 'http://localhost:3001' }, false],
    [{ host: 'localhost:3000', origin: 'https://frenly.example' }, true],
    [{ host: 'localhost:3000', origin: 'https://frenly.example.evil.example' }, false],
    [{ host: 'localhost:3000', origin: 'null' }, false],
    [{ host: 'localhost:3000', origin: 'garbage' }, false],
    [{ host: 'localhost:3000' }, true], // no browser page involved (curl, a service)
    // The scheme counts: this request came over http, so an https page is another origin.
    [{ host: 'localhost:3000', origin: 'https://localhost:3000' }, false],
    [{ host: 'LOCALHOST:3000', origin: 'http://localhost:3000' }, true],
    [{ host: 'localhost:80', origin: 'http://localhost' }, true], // the default port is no port
    [{ host: 'localhost', origin: 'http://localhost:8080' }, false],
  ])('%j allowed: %s', (headers, allowed) => {
    expect(judge(request(headers), policy) === undefined).toBe(allowed);
  });

  it('believes X-Forwarded-Host and -Proto only behind a trusted proxy', () => {
    const headers = {
      host: 'gateway:3000',
      'x-forwarded-host': 'app.example',
      'x-forwarded-proto': 'https',
      origin: 'https://app.example',
    };
    expect(judge(request(headers), { publicOrigin: undefined, trustProxy: false })).toBeDefined();
    expect(judge(request(headers), { publicOrigin: undefined, trustProxy: true })).toBeUndefined();
  });

  it('compares the scheme a trusted proxy reports', () => {
    const headers = {
      host: 'gateway:3000',
      'x-forwarded-host': 'app.example',
      'x-forwarded-proto': 'http',
      origin: 'https://app.example',
    };
    expect(judge(request(headers), { publicOrigin: undefined, trustProxy: true })).toBeDefined();
  });
});
