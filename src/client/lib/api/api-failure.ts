/** One entry of the server's failure envelope, as the client keeps it. */
export interface ApiFailureItem {
  /** The last segment of the error URN, e.g. `CodeMismatch`. */
  type: string;
  message: string;
  propertyPath: string | null;
}

/**
 * A call to our API that did not succeed. `type`, `message` and
 * `propertyPath` are those of the first error the server sent (SPEC §8);
 * `errors` holds them all, for forms with several bad fields. `requestId`
 * is the call's `x-request-id`, shown to the user as the error code.
 */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly status: number;
  readonly type: string;
  readonly propertyPath: string | null;
  readonly requestId: string;
  readonly errors: readonly ApiFailureItem[];

  constructor(status: number, requestId: string, errors: readonly [ApiFailureItem, ...ApiFailureItem[]]) {
    const [first] = errors;
    super(first.message);
    this.status = status;
    this.type = first.type;
    this.propertyPath = first.propertyPath;
    this.requestId = requestId;
    this.errors = errors;
  }
}

/** The last segment of `urn:sarraf:error:<Type>`. */
export function errorTypeOf(urn: string): string {
  return urn.slice(urn.lastIndexOf(':') + 1);
}

/**
 * The form field a server error belongs to: its property path with square
 * brackets removed (SPEC §5), e.g. `[email]` -> `email`.
 */
export function fieldErrorPath(propertyPath: string): string {
  return propertyPath.replace(/[[\]]/g, '');
}
