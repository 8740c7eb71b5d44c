import { describe, expect, it } from 'vitest';
import { performRequest } from './base-query';
import { httpErrorMessage, serverMessage } from './http-error';

function recordingFetch(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn: typeof fetch = (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return Promise.resolve(response());
  };
  return { fetchFn, calls };
}

describe(performRequest.name, () => {
  it('sends credentials and no body or Content-Type on a plain GET', async () => {
    const { fetchFn, calls } = recordingFetch(() => Response.json(['a']));
    await expect(performRequest('/api/search/trending', undefined, fetchFn)).resolves.toEqual({
      data: ['a'],
    });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers).toEqual({});
  });

  it('sends a JSON body with its Content-Type only when a body is given', async () => {
    const { fetchFn, calls } = recordingFetch(() => Response.json({ upvotes: 1, downvotes: 0 }));
    await performRequest(
      { url: '/api/sites/3/vote', method: 'POST', body: { type: 'up' } },
      undefined,
      fetchFn,
    );
    expect(calls[0]?.init.body).toBe('{"type":"up"}');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('turns a non-2xx answer into "<status>: <body text>"', async () => {
    const { fetchFn } = recordingFetch(
      () => new Response('{"message":"Not enough bamboo"}', { status: 400 }),
    );
    const result = await performRequest('/api/stakes', undefined, fetchFn);
    expect(result).toEqual({
      error: {
        status: 400,
        message: '400: {"message":"Not enough bamboo"}',
        body: '{"message":"Not enough bamboo"}',
      },
    });
  });

  it('falls back to the status text when the body is empty', async () => {
    const { fetchFn } = recordingFetch(
      () => new Response(null, { status: 401, statusText: 'Unauthorized' }),
    );
    const result = await performRequest('/api/auth/user', undefined, fetchFn);
    expect(result).toEqual({ error: { status: 401, message: '401: Unauthorized', body: '' } });
  });

  it('answers null for an empty 2xx body', async () => {
    const { fetchFn } = recordingFetch(() => new Response(null, { status: 204 }));
    await expect(performRequest('/api/logout', undefined, fetchFn)).resolves.toEqual({
      data: null,
    });
  });

  it('reports a network failure as FETCH_ERROR instead of throwing', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(performRequest('/api/search?q=x', undefined, failing)).resolves.toEqual({
      error: { status: 'FETCH_ERROR', message: 'Failed to fetch', body: '' },
    });
  });
});

describe(httpErrorMessage.name, () => {
  it('prefers the body text and uses the status text only when the body is empty', () => {
    expect(httpErrorMessage(500, 'boom', 'Internal Server Error')).toBe('500: boom');
    expect(httpErrorMessage(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
  });
});

describe(serverMessage.name, () => {
  it('reads the message of the JSON error shape, joining lists', () => {
    expect(serverMessage({ status: 400, message: '400: …', body: '{"message":"Too much"}' })).toBe(
      'Too much',
    );
    expect(serverMessage({ status: 400, message: '400: …', body: '{"message":["a","b"]}' })).toBe(
      'a; b',
    );
  });

  it('uses a short plain-text body as it is and gives nothing for network errors', () => {
    expect(serverMessage({ status: 502, message: '502: Bad gateway', body: 'Bad gateway' })).toBe(
      'Bad gateway',
    );
    expect(
      serverMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch', body: '' }),
    ).toBeUndefined();
  });
});
