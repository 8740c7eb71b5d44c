import { parseClientMessage } from './client-messages.js';

describe(parseClientMessage.name, () => {
  const text = (value: string) => Buffer.from(value, 'utf8');

  it('accepts the keepalive ping', () => {
    expect(parseClientMessage(text('{"type":"ping"}'), false)).toEqual({
      ok: true,
      message: { type: 'ping' },
    });
  });

  it.each([
    ['not JSON', text('hello'), false],
    ['not a JSON object', text('[1,2]'), false],
    ['not a JSON object', text('null'), false],
    ['no type', text('{"siteId":1}'), false],
    ['unknown type "vote_update"', text('{"type":"vote_update"}'), false],
    ['binary frame', Buffer.from([1, 2, 3]), true],
  ])('reports %s', (problem, data, isBinary) => {
    expect(parseClientMessage(data, isBinary)).toEqual({ ok: false, problem });
  });
});
