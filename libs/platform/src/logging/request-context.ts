import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { EventHeaders } from '@frenly/contracts';

/** What every log line (and, later, every published event) of one request can carry. */
export interface RequestContext {
  readonly requestId: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The id of the request being handled, if any (undefined at boot, in timers, in jobs). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `work` as part of the request `requestId` (e.g. a job a request enqueued, carrying its
 * id), or outside any request when there is none: work started later must not inherit
 * whichever request happened to schedule the timer or the worker loop.
 */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return isAcceptableRequestId(requestId) ? storage.run({ requestId }, work) : storage.exit(work);
}

/**
 * Headers to add to the events the current request writes, so a consumer can tie an event
 * to the request (and its log lines) that caused it: `{ 'request-id': … }`, or none outside a request.
 */
export function requestEventHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { [EventHeaders.RequestId]: requestId } : {};
}

// Incoming ids end up in logs and headers: accept only short, printable, token-like values.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export function isAcceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && ACCEPTABLE_REQUEST_ID.test(value);
}

export function newRequestId(): string {
  return randomUUID();
}
