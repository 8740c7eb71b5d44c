import { Inject, Injectable } from '@nestjs/common';
import {
  IDENTITY_HEADER,
  IDENTITY_TOKENS,
  IdentityTokens,
  JsonLogger,
  REQUEST_ID_HEADER,
  currentRequestId,
  type Identity,
} from '@frenly/platform';
import { IdentityError } from '../auth/identity.error.js';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway.options.js';
import { SESSION_COOKIE } from '../sessions/session.service.js';

const TIMEOUT_MS = 3_000;

/**
 * The user's bamboo balance, which the ledger service owns: `GET /api/ledger/balance` with the
 * signed identity. In the embedded runtime the ledger answers on the process's own loopback
 * URL, where the gateway's middleware strips any incoming identity header; there the session
 * cookie goes along so that the middleware vouches for the user again.
 */
@Injectable()
export class LedgerBalanceClient {
  private readonly url: string;
  private readonly log: JsonLogger;

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens,
    logger: JsonLogger,
  ) {
    this.url = new URL('/api/ledger/balance', options.ledgerUrl).href;
    this.log = logger.forContext('LedgerBalanceClient');
  }

  /** The balance, or a 503 when the ledger cannot say: never a made-up number. */
  async balanceOf(identity: Identity, sessionToken: string | undefined): Promise<number> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [IDENTITY_HEADER]: this.tokens.sign(identity),
    };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    if (this.options.mode === 'embedded' && sessionToken)
      headers.Cookie = `${SESSION_COOKIE}=${sessionToken}`;
    let response: Response;
    try {
      response = await fetch(this.url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      this.log.entry('warn', 'ledger unreachable', {
        url: this.url,
        err: (error as Error).message,
        requestId,
      });
      throw unavailable();
    }
    const body = (await response.json().catch(() => undefined)) as
      { bambooBalance?: unknown } | undefined;
    if (
      !response.ok ||
      typeof body?.bambooBalance !== 'number' ||
      !Number.isFinite(body.bambooBalance)
    ) {
      this.log.entry('warn', 'ledger gave no balance', {
        url: this.url,
        status: response.status,
        requestId,
      });
      throw unavailable();
    }
    return body.bambooBalance;
  }
}

function unavailable(): IdentityError {
  return new IdentityError(
    'LEDGER_UNAVAILABLE',
    'The ledger service is unavailable, so the balance cannot be shown; try again shortly',
  );
}
