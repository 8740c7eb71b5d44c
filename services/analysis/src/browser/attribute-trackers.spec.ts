import { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import {
  classifyCookies,
  classifyRequests,
  contactedTrackers,
  type RawRequest,
} from './attribute-trackers.js';

const PAGE = 'https://shop.example/';

function raw(url: string, type: RawRequest['type'], extra: Partial<RawRequest> = {}): RawRequest {
  return {
    url,
    method: 'GET',
    type,
    frameUrl: PAGE,
    initiator: null,
    failure: null,
    mainFrame: false,
    ...extra,
  };
}

describe('attribute-trackers', () => {
  let catalog: TrackerCatalog;
  beforeAll(async () => {
    catalog = await TrackerCatalog.load();
  });

  it('matches requests with TrackerDB and groups the contacted ones by organisation and purpose', () => {
    const requests = classifyRequests(
      [
        raw(PAGE, 'document', { mainFrame: true }),
        raw('https://shop.example/app.js', 'script'),
        raw('https://www.google-analytics.com/analytics.js', 'script', {
          initiator: 'https://www.googletagmanager.com/gtm.js',
        }),
        raw('https://www.google-analytics.com/g/collect?v=2', 'fetch'),
        raw('https://www.facebook.com/tr?id=1', 'image'),
        // Refused by the egress proxy: never contacted.
        raw('https://connect.facebook.net/en_US/fbevents.js', 'script', {
          failure: 'net::ERR_TUNNEL_CONNECTION_FAILED',
        }),
      ],
      PAGE,
      catalog,
    );
    expect(requests.map((r) => [r.thirdParty, r.tracker?.organization ?? null])).toEqual([
      [false, null],
      [false, null],
      [true, 'Google'],
      [true, 'Google'],
      [true, 'Meta'],
      [true, 'Meta'],
    ]);
    expect(contactedTrackers(requests)).toEqual([
      {
        organization: 'Google',
        names: ['Google Analytics'],
        categories: ['site_analytics'],
        hosts: ['www.google-analytics.com'],
        requests: 2,
        initiators: ['https://www.googletagmanager.com/gtm.js'],
      },
      expect.objectContaining({
        organization: 'Meta',
        categories: ['advertising'],
        hosts: ['www.facebook.com'],
        requests: 1,
      }),
    ]);
  });

  it('classifies cookies: party, lifetime from the visit, owner from TrackerDB else the domain', () => {
    const now = 1_800_000_000;
    const cookies = classifyCookies(
      [
        {
          name: 'sid',
          domain: 'shop.example',
          expires: -1,
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
        },
        {
          name: 'pref',
          domain: '.cdn.shop.example',
          expires: now + 3600,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
        {
          name: 'IDE',
          domain: '.doubleclick.net',
          expires: now + 400 * 86400,
          httpOnly: true,
          secure: true,
          sameSite: 'None',
        },
        {
          name: 'x',
          domain: 'widgets.unknown-third.example',
          expires: now + 10,
          httpOnly: false,
          secure: true,
          sameSite: 'None',
        },
      ],
      PAGE,
      now,
      catalog,
    );
    expect(
      cookies.map((c) => [c.name, c.thirdParty, c.lifetimeSeconds, c.owner, c.category]),
    ).toEqual([
      ['sid', false, null, 'shop.example', null],
      ['pref', false, 3600, 'shop.example', null],
      ['IDE', true, 400 * 86400, 'Google', 'advertising'],
      ['x', true, 10, 'unknown-third.example', null],
    ]);
  });
});
