/**
 * Base of the errors a service's logic throws on purpose. Each service defines its own
 * subclass with a code enum and maps every code to an HTTP status in one exhaustive switch;
 * the global filter turns it into the JSON error shape with `code`.
 */
export abstract class DomainError<C extends string = string> extends Error {
  abstract readonly httpStatus: number;

  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
