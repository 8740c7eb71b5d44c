import { ValidateBy, type ValidationOptions } from 'class-validator';

// Control characters (C0 with tab and newlines, DEL, C1) and UTF-16 surrogates not in a pair.
// A search box sends none of them; NUL in particular cannot be stored in a jsonb event.
const NOT_PLAIN_TEXT = /[\p{Cc}\p{Cs}]/u;

/** Whether `value` is text a person could have typed: no control characters, no lone surrogates. */
export function isPlainText(value: unknown): boolean {
  return typeof value === 'string' && !NOT_PLAIN_TEXT.test(value);
}

/** Refuses strings holding control characters or lone surrogates (a 400 through the global pipe). */
export function IsPlainText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isPlainText', validator: { validate: isPlainText } }, options);
}
