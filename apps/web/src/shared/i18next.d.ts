import 'i18next';
import type { EnglishResources } from './i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishResources;
    keySeparator: false;
  }
}
