import { createHash } from 'node:crypto';
import { findKeyLogging } from './key-logging.js';

const PAGE = 'https://shop.example/';
const email = { field: 'email', value: 'frenly.abc0@example.com' };
const search = { field: 'q', value: 'frenlyabc1' };

describe(findKeyLogging.name, () => {
  it('finds typed text in URLs and bodies, plain, URL-encoded, base64 or hashed, one finding per host and field', () => {
    const sha256 = createHash('sha256').update(email.value).digest('hex');
    expect(
      findKeyLogging(
        [
          { url: `https://cdn.example/collect?e=${encodeURIComponent(email.value)}`, body: '' },
          { url: 'https://cdn.example/collect', body: `{"e":"${email.value}"}` },
          { url: 'https://hash.example/id', body: `uid=${sha256}` },
          {
            url: 'https://shop.example/suggest',
            body: Buffer.from(search.value).toString('base64'),
          },
          { url: 'https://quiet.example/ping', body: 'nothing typed here' },
        ],
        [email, search],
        PAGE,
      ),
    ).toEqual([
      {
        url: `https://cdn.example/collect?e=${encodeURIComponent(email.value)}`,
        host: 'cdn.example',
        thirdParty: true,
        field: 'email',
        encoding: 'plain',
      },
      {
        url: 'https://hash.example/id',
        host: 'hash.example',
        thirdParty: true,
        field: 'email',
        encoding: 'sha256',
      },
      {
        url: 'https://shop.example/suggest',
        host: 'shop.example',
        thirdParty: false,
        field: 'q',
        encoding: 'base64',
      },
    ]);
  });

  it('claims nothing when nothing typed left the page', () => {
    expect(
      findKeyLogging(
        [{ url: 'https://cdn.example/collect?e=frenly', body: 'frenlyabc' }],
        [search],
        PAGE,
      ),
    ).toEqual([]);
    expect(findKeyLogging([{ url: 'https://cdn.example/', body: email.value }], [], PAGE)).toEqual(
      [],
    );
  });
});
