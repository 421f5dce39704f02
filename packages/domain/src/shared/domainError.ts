import { messages } from './messages';

/**
 * An error a user can cause. `message` is the spec's own text from a message catalogue (templated ones filled
 * with `format`); `status` is the HTTP status it maps to. `errors` holds field messages, like the error envelope
 * `{message, errors}`. The error handler sends each text with its key and values (describeMessage), so the web
 * app renders it in the user's language.
 */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 423 | 429 | 503;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly status: DomainErrorStatus = 422,
    readonly errors?: Record<string, string[]>,
    /** machine-readable code, e.g. 'two-factor-required' */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string = messages.shared.notFound): DomainError => new DomainError(what, 404);
export const forbidden = (message: string = messages.shared.forbidden): DomainError => new DomainError(message, 403);
export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
