import { JsonLogger } from './json-logger.js';
import { runWithRequestContext } from './request-context.js';

describe(JsonLogger.name, () => {
  const capture = (level: 'debug' | 'info' | 'warn' | 'error' | 'silent') => {
    const lines: Array<Record<string, unknown>> = [];
    const sut = new JsonLogger({
      service: 'search',
      level,
      write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    return { sut, lines };
  };

  it('writes one JSON object per entry with time, level, msg, service, context and request id', () => {
    const { sut, lines } = capture('info');
    runWithRequestContext({ requestId: 'r-1' }, () =>
      sut.forContext('SiteService').info('indexed', { siteId: 7 }),
    );
    expect(lines).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: 'info',
        msg: 'indexed',
        service: 'search',
        context: 'SiteService',
        requestId: 'r-1',
        siteId: 7,
      },
    ]);
  });

  it('drops entries below LOG_LEVEL and writes nothing when silent', () => {
    const { sut, lines } = capture('warn');
    sut.debug('d');
    sut.log('i');
    sut.warn('w');
    sut.error('e');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.sut.error('e');
    silent.sut.fatal('f');
    expect(silent.lines).toEqual([]);
  });

  it("understands Nest's calls: context last, stack as a string, Nest's start-up chatter demoted to debug", () => {
    const { sut, lines } = capture('info');
    sut.error('boom', 'Error: boom\n    at somewhere (file.js:1:1)', 'ExceptionsHandler');
    sut.log('Mapped {/health, GET} route', 'RouterExplorer');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'boom',
      context: 'ExceptionsHandler',
      stack: expect.stringContaining('at somewhere'),
    });
  });

  it('logs errors with their message and stack', () => {
    const { sut, lines } = capture('info');
    sut.exception('closing bus failed', new TypeError('socket hang up'));
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'closing bus failed',
      err: 'socket hang up',
      errName: 'TypeError',
    });
    expect(String(lines[0]?.stack)).toContain('TypeError: socket hang up');
  });
});
