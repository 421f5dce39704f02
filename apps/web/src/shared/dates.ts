import { useTranslation } from 'react-i18next';

const parse = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date and time in the interface language (e.g. 23-11-2026 10:15 in Dutch); '' for an invalid value. */
export const formatDateTime = (value: string | number | Date, language: string): string => {
  const date = parse(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(date) : '';
};

/** A date in the interface language (e.g. 23 nov. 2026 in Dutch); '' for an invalid value. */
export const formatDate = (value: string | number | Date, language: string): string => {
  const date = parse(value);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : '';
};

/** The date formatters bound to the interface language; re-renders when it changes. */
export const useDateFormat = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    dateTime: (value: string | number | Date) => formatDateTime(value, language),
    date: (value: string | number | Date) => formatDate(value, language),
  };
};
