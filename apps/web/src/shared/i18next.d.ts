import 'i18next';
import type { englishResources } from './i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishResources;
    keySeparator: false;
  }
}
