import { type ErrorType, errorStatus } from '../../domain/errors.ts';

/** A failure the API reports to its caller in the SPEC §8 shape. */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly propertyPath: string | null;
  /** Sent as `Retry-After` when the caller may try again after a known wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    type: ErrorType,
    message: string,
    propertyPath: string | null = null,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.status = errorStatus(type);
    this.propertyPath = propertyPath;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string): ApiError => new ApiError('NotFound', `${what} not found`);
