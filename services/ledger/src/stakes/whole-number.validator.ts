import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** Why `value` is not a whole number in [min, max]; undefined when it is. One reason, the first that applies. */
export function wholeNumberProblem(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'number')
    return `must be a number (got ${value === null ? 'null' : typeof value})`;
  if (!Number.isInteger(value)) return 'must be a whole number';
  if (value < min) return `must be at least ${min}`;
  if (value > max) return `must be at most ${max}`;
  return undefined;
}

/**
 * A JSON number that is a whole number in [min, max]: "50" and 1.5 are refused, not coerced.
 * Reports a single message per field (class-validator would otherwise list every failed rule).
 */
export function IsWholeNumberIn(
  min: number,
  max: number,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWholeNumberIn',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) => wholeNumberProblem(value, min, max) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} ${wholeNumberProblem(args?.value, min, max) ?? 'is invalid'}`,
      },
    },
    options,
  );
}
