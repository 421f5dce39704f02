import { useState, type FormEvent } from 'react';
import { LANGUAGES, type Language } from '../../../shared/i18n';

/** The texts of one language of a translated item (news: title, description, button title; articles: title, body). */
export type Texts = Record<string, string>;

/** Every language of a stored item's texts, blank where it was not written: what a form edits. */
export const everyLanguage = <X extends Texts>(
  translations: { en: X } & Partial<Record<Language, X>>,
  blank: () => X,
): Record<Language, X> => ({
  en: translations.en,
  nl: translations.nl ?? blank(),
  de: translations.de ?? blank(),
});

/** The languages with some text. */
export const writtenLanguages = <X extends Texts>(translations: Record<Language, X>): Language[] =>
  LANGUAGES.filter((l) => Object.values(translations[l]).some((v) => v.trim() !== ''));

/** English and every other language with text, for the request body: blank languages are left out (readers fall back to English). */
export const writtenTranslations = <X extends Texts>(translations: Record<Language, X>): { en: X } & Partial<Record<Language, X>> => ({
  en: translations.en,
  ...Object.fromEntries(
    writtenLanguages(translations)
      .filter((l) => l !== 'en')
      .map((l) => [l, translations[l]]),
  ),
});

/**
 * The state of a form over a translated item: its value, a setter of one language's field, the error of a field (the
 * English `required` fields once a submit was tried, then the server's errors keyed like 'translations.en.title'),
 * the languages with an error or with text (marked on their tabs), and the submit handler that sends only a value
 * whose required English fields are filled in.
 */
export const useTranslatedForm = <X extends Texts, V extends { translations: Record<Language, X> }>(options: {
  initial: V;
  required: readonly (keyof X & string)[];
  requiredText: string;
  serverErrors: Record<string, string[]>;
  onSubmit: (value: V) => void;
}) => {
  const [value, setValue] = useState(options.initial);
  const [touched, setTouched] = useState(false);
  const missing = options.required.filter((field) => value.translations.en[field]!.trim() === '');
  const localErrors: Record<string, string> = touched
    ? Object.fromEntries(missing.map((field) => [`translations.en.${field}`, options.requiredText]))
    : {};
  const error = (field: string): string | undefined => localErrors[field] ?? options.serverErrors[field]?.[0];
  const fields = Object.keys(value.translations.en);
  return {
    value,
    setValue,
    setText: (language: Language, field: keyof X & string, text: string) =>
      setValue((v) => ({ ...v, translations: { ...v.translations, [language]: { ...v.translations[language], [field]: text } } })),
    error,
    invalid: LANGUAGES.filter((l) => fields.some((f) => error(`translations.${l}.${f}`))),
    written: writtenLanguages(value.translations),
    submit: (event: FormEvent) => {
      event.preventDefault();
      setTouched(true);
      if (missing.length === 0) options.onSubmit(value);
    },
  };
};
