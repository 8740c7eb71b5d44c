import { LedgerErrorCodes, type LedgerErrorCode } from '@frenly/contracts';
import { DomainError } from '@frenly/platform';

/** Every refusal the ledger's logic makes on purpose; the HTTP status follows from the code. */
export class LedgerError extends DomainError<LedgerErrorCode> {
  get httpStatus(): number {
    return httpStatusOf(this.code);
  }

  static insufficientBalance(): LedgerError {
    return new LedgerError(LedgerErrorCodes.InsufficientBalance, 'Insufficient balance');
  }

  static unknownSite(siteId: number): LedgerError {
    return new LedgerError(LedgerErrorCodes.UnknownSite, `Unknown site: no site with id ${siteId}`);
  }

  static siteNotFound(siteId: number): LedgerError {
    return new LedgerError(LedgerErrorCodes.SiteNotFound, `Site ${siteId} not found`);
  }

  static idempotencyKeyReused(): LedgerError {
    return new LedgerError(
      LedgerErrorCodes.IdempotencyKeyReused,
      'This Idempotency-Key was already used with a different request; use a new key for a new stake',
    );
  }
}

function httpStatusOf(code: LedgerErrorCode): number {
  switch (code) {
    case LedgerErrorCodes.InsufficientBalance:
    case LedgerErrorCodes.UnknownSite:
      return 400;
    case LedgerErrorCodes.SiteNotFound:
      return 404;
    case LedgerErrorCodes.IdempotencyKeyReused:
      return 422;
  }
}
