import { DomainError } from '@frenly/platform';

export type IdentityErrorCode =
  | 'UNKNOWN_PROVIDER'
  | 'NO_PROVIDER'
  | 'LOGIN_STATE_INVALID'
  | 'LOGIN_REFUSED'
  | 'PROVIDER_UNAVAILABLE'
  | 'USER_NOT_FOUND'
  | 'LEDGER_UNAVAILABLE';

/** What sign-in, sessions and the user endpoint refuse on purpose. */
export class IdentityError extends DomainError<IdentityErrorCode> {
  get httpStatus(): number {
    return httpStatusOf(this.code);
  }
}

function httpStatusOf(code: IdentityErrorCode): number {
  switch (code) {
    case 'UNKNOWN_PROVIDER':
      return 404;
    case 'LOGIN_STATE_INVALID':
      return 400;
    case 'LOGIN_REFUSED':
    case 'USER_NOT_FOUND':
      return 401;
    case 'NO_PROVIDER':
    case 'PROVIDER_UNAVAILABLE':
    case 'LEDGER_UNAVAILABLE':
      return 503;
  }
}
