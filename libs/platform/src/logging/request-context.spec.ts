import { EventHeaders } from '@frenly/contracts';
import {
  currentRequestId,
  requestEventHeaders,
  runWithRequestContext,
  runWithRequestId,
} from './request-context.js';

describe('request context', () => {
  it('gives the events of a request its id as the request-id header', () => {
    const headers = runWithRequestContext({ requestId: 'req-1' }, () => requestEventHeaders());
    expect(headers).toEqual({ [EventHeaders.RequestId]: 'req-1' });
    expect(requestEventHeaders()).toEqual({});
  });

  it('runs a job carrying a request id as part of that request, across awaits', async () => {
    const seen = await runWithRequestId('job-req', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('job-req');
  });

  it('runs work without a request id outside any request, even when scheduled from one', () => {
    // A worker loop or timer started during a request would otherwise stamp that request on later work.
    const inner = runWithRequestContext({ requestId: 'scheduling-req' }, () =>
      runWithRequestId(undefined, () => currentRequestId()),
    );
    expect(inner).toBeUndefined();
  });

  it('refuses an unacceptable id rather than writing it into events', () => {
    expect(runWithRequestId('no spaces allowed', () => requestEventHeaders())).toEqual({});
  });
});
