import { ApiError } from '@stramien/api';
import { format, type MessageRef } from '@stramien/domain';
import { i18n, SERVER_NAMESPACE } from './i18n';

/**
 * A server text, sent as a message key plus values, in the user's language (locales/<language>/server.json);
 * the server's English text where this build does not know the key.
 */
export const renderServerMessage = (ref: MessageRef, english: string): string => {
  const template = i18n.t(ref.key, { ns: SERVER_NAMESPACE, defaultValue: '' });
  return template ? format(template, ref.values ?? {}) : english;
};

/** The server's message of a failed call in the user's language, or null when there is none to show (network failure, empty body). */
export const serverMessage = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.message.trim() === '') return null;
  const { key, values } = error.keys;
  return key ? renderServerMessage({ key, values }, error.message) : error.message;
};

/** The field messages (`errors`) of a failed call in the user's language; undefined when it has none. */
export const serverFieldErrors = (error: unknown): Record<string, string[]> | undefined => {
  if (!(error instanceof ApiError) || !error.errors) return undefined;
  const keys = error.keys.errorKeys ?? {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([field, texts]) => [
      field,
      texts.map((text, i) => {
        const ref = keys[field]?.[i];
        return ref ? renderServerMessage(ref, text) : text;
      }),
    ]),
  );
};
