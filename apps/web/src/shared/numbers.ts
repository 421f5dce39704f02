import { useTranslation } from 'react-i18next';

/** A count in the interface language, with its thousands separator (10,000 in English, 10.000 in Dutch and German). */
export const formatCount = (value: number, language: string): string => new Intl.NumberFormat(language).format(value);

/** `formatCount` bound to the interface language; re-renders when it changes. */
export const useCountFormat = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value: number) => formatCount(value, language);
};
