import { Messages } from '@pv/contracts';

/**
 * An error a request may end with: its status, a stable code and a pt-BR message for a person.
 * Throw it anywhere in a handler; the kit's error handler turns it into the error shape.
 */
export class AppError extends Error {
  /** Per-field problems, when the error is about a form's fields. */
  details?: { field: string; message: string }[];

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /**
   * The same error with one entry per field at fault.
   * @example throw new AppError(400, 'REQUIRED_FIELDS', message).withDetails([{ field: 'subject', message }])
   */
  withDetails(details: { field: string; message: string }[]): this {
    this.details = details;
    return this;
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') =>
  new AppError(400, code, message);
export const unauthorized = (
  message: string = Messages.notAuthenticated,
  code = 'UNAUTHENTICATED',
) => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = Messages.notFound, code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (
  message: string = Messages.tooManyRequests,
  code = 'RATE_LIMITED',
) => new AppError(429, code, message);
export const serviceUnavailable = (message: string, code = 'SERVICE_UNAVAILABLE') =>
  new AppError(503, code, message);
