import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@frenly/contracts';
import type { HttpRequest } from '@frenly/platform';

const VISIBLE_ASCII = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** The request's Idempotency-Key (undefined when absent); a malformed key is a 400. */
export const IdempotencyKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined => {
    const header = context.switchToHttp().getRequest<HttpRequest>().headers[
      IDEMPOTENCY_KEY_HEADER.toLowerCase()
    ];
    if (header === undefined) return undefined;
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !VISIBLE_ASCII.test(key)) {
      throw new BadRequestException(
        `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
      );
    }
    return key;
  },
);
