import { ApiError } from '@stramien/api';

/** The field messages of a refused call, keyed by the first segment of each field path ('roles.0.name' -> 'roles'). */
export const fieldErrorsOf = (error: unknown): Record<string, string> => {
  if (!(error instanceof ApiError) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [path, list] of Object.entries(error.errors)) {
    const key = path.split('.')[0] ?? path;
    if (list[0] && !out[key]) out[key] = list[0];
  }
  return out;
};
