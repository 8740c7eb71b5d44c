// analysis_update over real sockets, on the in-process bus: the browser tier's site-analyzed
// event reaches connected clients; the HTML tier's (browser pending) does not.
import { Topics } from '@frenly/contracts';
import { InProcessEventBus, makeEvent, silentLogger } from '@frenly/events';
import { RealtimeHarness } from './support/realtime-harness.js';
import { siteAnalyzed } from './support/site-analyzed.js';

const analysed = (analysisId: string, browser: 'pending' | 'done') =>
  makeEvent(
    Topics.SiteAnalyzed,
    'https://shop.example/',
    siteAnalyzed(
      { analysisId, analyzedAt: new Date().toISOString() },
      { browser: { state: browser } },
    ),
  );

describe('analysis_update on /ws', () => {
  let bus: InProcessEventBus;
  let realtime: RealtimeHarness;

  beforeAll(async () => {
    bus = new InProcessEventBus({ logger: silentLogger });
    realtime = await RealtimeHarness.start({ bus });
  });

  afterAll(async () => {
    await realtime?.close();
    await bus?.close();
  });

  it('tells every client when the browser tier finished an analysis, and only then', async () => {
    const client = await realtime.connect('watcher');
    try {
      await bus.publish([analysed('a1', 'pending')]);
      await bus.publish([analysed('a1', 'done')]);
      await client.waitFor(
        (message) => message.type === 'analysis_update',
        10_000,
        'analysis_update',
      );
      // Same key, same order: the pending event was handled before the done one.
      expect(client.messages.filter((message) => message.type === 'analysis_update')).toEqual([
        { type: 'analysis_update', analysisId: 'a1', browser: 'done' },
      ]);
    } finally {
      client.close();
    }
  });
});
