import {
  INTERNAL_CALL_HEADER,
  REQUEST_ID_HEADER,
  currentRequestId,
  internalCallToken,
  type IdentityTokens,
} from '@frenly/platform';

/** A well-formed answer, or why there is none (for the log). */
export type InternalAnswer<T> = { ok: true; value: T } | { ok: false; failure: string };

/**
 * Another service's internal route (search's site ids, the ledger's community figures), POSTed
 * as the analysis service with the request id passed on. Instances are tried in turn from the
 * next one each call; one that cannot be reached hands over to the next. An instance that
 * answers with an error status or a malformed body ends the call: no other is asked.
 */
export class InternalRoute {
  private next = 0;

  constructor(
    private readonly baseUrls: readonly string[],
    private readonly path: string,
    private readonly tokens: IdentityTokens,
    private readonly timeoutMs: number,
  ) {}

  async post<T>(
    body: unknown,
    wellFormed: (body: unknown) => body is T,
  ): Promise<InternalAnswer<T>> {
    const start = this.next++ % this.baseUrls.length;
    let failure = 'no answer';
    for (let i = 0; i < this.baseUrls.length; i++) {
      const base = this.baseUrls[(start + i) % this.baseUrls.length]!;
      let response: Response;
      try {
        response = await fetch(new URL(this.path, base), {
          method: 'POST',
          headers: this.headers(),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        failure = `${base} unreachable: ${(error as Error).message}`;
        continue;
      }
      const answer: unknown = await response.json().catch(() => undefined);
      if (response.ok && wellFormed(answer)) return { ok: true, value: answer };
      failure = `${base} answered ${response.status}`;
      break;
    }
    return { ok: false, failure };
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [INTERNAL_CALL_HEADER]: internalCallToken(this.tokens, 'analysis'),
    };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    return headers;
  }
}
