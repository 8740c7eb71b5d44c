import { createHash } from 'node:crypto';
import type { StakeType } from '@frenly/contracts';

/** A validated, normalised stake request (message trimmed; null when there is none). */
export interface StakeRequest {
  readonly siteId: number;
  readonly amount: number;
  readonly type: StakeType;
  readonly message: string | null;
}

export function toStakeRequest(body: {
  siteId: number;
  amount: number;
  type: StakeType;
  message?: string | undefined;
}): StakeRequest {
  const message = body.message?.trim();
  return {
    siteId: body.siteId,
    amount: body.amount,
    type: body.type,
    message: message ? message : null,
  };
}

/** Identifies a request for idempotency: the same key with another fingerprint is another request. */
export function stakeRequestFingerprint(request: StakeRequest): string {
  const canonical = JSON.stringify([request.siteId, request.amount, request.type, request.message]);
  return createHash('sha256').update(canonical).digest('base64url');
}
