import {
  BadRequestException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';
import { describeUnstorableText, findUnstorableText } from '../validation/unstorable-text.js';

export const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** Far deeper than any request DTO; deeper input is refused before it is transformed. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Whether `text` is the one way JavaScript writes its number (`12`, `-3`, `0.5`): not `0x1f`,
 * `1e3`, ` 1`, `01`, `1.0`, `+1` or `''`, which Number() would read as the same numbers.
 */
const isCanonicalNumber = (text: string): boolean => String(Number(text)) === text;

/**
 * The global pipe: unknown properties are refused, payloads become DTO instances. Input that
 * nests deeper than MAX_INPUT_DEPTH is a 400 first: class-transformer recurses once per level,
 * and a few kilobytes of `[[[[…]]]]` would overflow the stack (a 500) on the way to the DTO.
 * Text that no store can hold (NUL, lone surrogates: see unstorable-text.ts) is a 400 too, in
 * every body, query and path parameter of every service, whichever runtime mounts it. So is a
 * property named like one every object inherits (`valueOf`, `constructor`, …), which
 * class-validator's whitelist takes for a declared one and lets through.
 */
class FrenlyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (nestsDeeperThan(value, MAX_INPUT_DEPTH)) {
      throw new BadRequestException({
        message: `The request ${metadata.type} nests deeper than ${MAX_INPUT_DEPTH} levels`,
        error: 'Bad Request',
        code: VALIDATION_FAILED,
      });
    }
    // Custom decorators hand over what the server derived (the identity), not client input.
    const unstorable = metadata.type === 'custom' ? undefined : findUnstorableText(value);
    if (unstorable) {
      const where = metadata.type === 'param' ? 'path parameter' : `request ${metadata.type}`;
      const what = metadata.data ? `${where} ${metadata.data}` : where;
      throw new BadRequestException({
        message: describeUnstorableText(unstorable, what),
        error: 'Bad Request',
        code: VALIDATION_FAILED,
      });
    }
    const inherited = this.toValidate(metadata) ? inheritedNames(value) : [];
    if (inherited.length > 0) {
      throw new BadRequestException({
        message: inherited.map((name) => `property ${name} should not exist`),
        error: 'Bad Request',
        code: VALIDATION_FAILED,
      });
    }
    return (await super.transform(value, metadata)) as unknown;
  }

  /**
   * A `number` path or query parameter converts from canonical decimal text only: Nest's `+value`
   * would read `0x190` as 400, `1e3` as 1000 and `' 1'` as 1, so one resource would answer to
   * many spellings. Anything else becomes NaN, which every numeric check refuses.
   */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    const converted = super.transformPrimitive(value, metadata);
    if (
      metadata.data &&
      metadata.metatype === Number &&
      (metadata.type === 'param' || metadata.type === 'query') &&
      typeof value === 'string' &&
      !isCanonicalNumber(value)
    ) {
      return NaN;
    }
    return converted;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new FrenlyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({
        message: flattenMessages(errors),
        error: 'Bad Request',
        code: VALIDATION_FAILED,
      }),
  });
}

/** Whether objects or arrays nest more than `limit` levels below `value` (no recursion: it must not overflow either). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The properties of `value` and of the objects within it that are named like a member of
 * Object.prototype (`valueOf`, `toString`, `constructor`, `__proto__`…), as paths
 * ("keys.valueOf"). No request DTO declares such a name.
 */
export function inheritedNames(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(current) && key in Object.prototype) found.push(at);
      pending.push([child, at]);
    }
  }
  return found.sort();
}

/** "email must be an email", "address.city should not be empty", … */
function flattenMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      parent ? `${parent}.${text}` : text,
    );
    return [...own, ...flattenMessages(error.children ?? [], path)];
  });
}
