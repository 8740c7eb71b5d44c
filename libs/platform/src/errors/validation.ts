import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

export const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** The global pipe: unknown properties are refused, payloads become DTO instances. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ message: flattenMessages(errors), error: 'Bad Request', code: VALIDATION_FAILED }),
  });
}

/** "email must be an email", "address.city should not be empty", … */
function flattenMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => (parent ? `${parent}.${text}` : text));
    return [...own, ...flattenMessages(error.children ?? [], path)];
  });
}
