// Scale out (issue 8): two instances each of search and realtime behind one gateway. The
// gateway spreads searches over both search instances, websocket clients over both realtime
// instances, and every client still gets every live update.
import type { VoteResponse } from '@frenly/contracts';
import { ApiUser, DistributedTopology, waitFor } from '@frenly/testing';
import { WebSocket } from 'ws';

/** A counter's value in a Prometheus text exposition, summed over its label sets. */
async function metricSum(baseUrl: string, name: string, labelFilter = ''): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && line.includes(labelFilter))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/** A live socket through the gateway that keeps the vote updates it receives. */
async function openLive(
  user: ApiUser,
): Promise<{ socket: WebSocket; updates: Array<Record<string, unknown>> }> {
  const updates: Array<Record<string, unknown>> = [];
  const socket = new WebSocket(`${user.base.replace('http', 'ws')}/ws`, {
    headers: { Origin: user.base, Cookie: user.browser.cookieHeader() },
  });
  socket.on('message', (data) => updates.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, updates };
}

describe('two instances each of search and realtime behind the gateway', () => {
  let topology: DistributedTopology;

  beforeAll(async () => {
    topology = await DistributedTopology.start({
      instances: { search: 2, realtime: 2 },
      env: { FRENLY_RATE_LIMIT: 'false' },
    });
  }, 240_000);

  afterAll(async () => {
    await topology?.stop();
  }, 60_000);

  it('spreads searches over both search instances', async () => {
    const before = await Promise.all(
      [0, 1].map((i) =>
        metricSum(
          topology.instance('search', i).url,
          'http_request_duration_seconds_count',
          'route="/api/search"',
        ),
      ),
    );
    for (let i = 0; i < 20; i++)
      expect((await fetch(`${topology.url}/api/search?q=news`)).status).toBe(200);
    const after = await Promise.all(
      [0, 1].map((i) =>
        metricSum(
          topology.instance('search', i).url,
          'http_request_duration_seconds_count',
          'route="/api/search"',
        ),
      ),
    );
    const served = after.map((count, i) => count - before[i]!);
    expect(served[0]! + served[1]!).toBe(20);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(5);
  });

  it('delivers a vote to every client, whichever realtime instance holds its socket', async () => {
    const users = await Promise.all(
      ['Una', 'Vic', 'Wes', 'Xia'].map((name) => ApiUser.signIn(topology.url, `${name} Scale`)),
    );
    const clients = await Promise.all(users.map((user) => openLive(user)));
    try {
      // The gateway put sockets on both instances.
      const open = await Promise.all(
        [0, 1].map((i) =>
          metricSum(topology.instance('realtime', i).url, 'realtime_open_connections'),
        ),
      );
      expect(Math.min(...open)).toBeGreaterThanOrEqual(1);

      const found = (await (await fetch(`${topology.url}/api/search?q=news`)).json()) as {
        results: { id: number }[];
      };
      const siteId = found.results[0]!.id;
      const vote = await waitFor(
        async () => {
          const res = await users[0]!.call('POST', `/api/sites/${siteId}/vote`, { type: 'up' });
          return res.status === 200 ? ((await res.json()) as VoteResponse) : undefined;
        },
        30_000,
        200,
        'the vote (once the ledger knows the site)',
      );
      for (const client of clients) {
        await waitFor(
          () =>
            client.updates.find(
              (m) =>
                m.type === 'vote_update' &&
                m.siteId === siteId &&
                m.upvotes === vote.upvotes &&
                m.downvotes === vote.downvotes,
            ),
          15_000,
          20,
          'the vote update on every socket',
        );
      }
    } finally {
      for (const client of clients) client.socket.close();
    }
  }, 90_000);
});
