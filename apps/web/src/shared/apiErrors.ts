import { ApiError } from '@stramien/api';

/** The server's message of a failed call, or null when there is none to show (network failure, empty body). */
export const serverMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.message.trim() !== '' ? error.message : null;
