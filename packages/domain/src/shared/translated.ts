import { LANGUAGES, type Language } from '../identity/user';

/**
 * Texts written per interface language (news items, knowledge-base articles): English is the source and required,
 * Dutch and German may be left empty, and a reader sees each field in their language, else in English.
 */
export type Translated<T extends Record<string, string>> = { en: T } & Partial<Record<Exclude<Language, 'en'>, T>>;

// the schema is in a module of its own: the web app's shell reads texts here without zod (docs/performance.md)
export { translatedSchema } from './translatedSchema';

/** Each field in `language` where it is written (not blank), else in English. */
export const localise = <T extends Record<string, string>>(texts: Translated<T>, language: string): T => {
  const own = (LANGUAGES as readonly string[]).includes(language) ? texts[language as Language] : undefined;
  const english = texts.en;
  if (!own) return { ...english };
  return Object.fromEntries(
    Object.keys(english).map((field) => [field, (own[field] ?? '').trim() !== '' ? own[field] : english[field]]),
  ) as T;
};

/** Every field of every language trimmed; a language whose fields are all blank is left out. */
export const normaliseTranslated = <T extends Record<string, string>>(texts: Translated<T>): Translated<T> => {
  const trim = (t: T): T => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.trim()])) as T;
  const result = { en: trim(texts.en) } as Translated<T>;
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const own = texts[language];
    if (own && Object.values(own).some((v) => v.trim() !== '')) result[language] = trim(own);
  }
  return result;
};

/** A link a reader may follow: an absolute http(s) address, or a path of this site ('/knowledge-base/…'). */
export const isSafeLink = (value: string): boolean => {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};
