import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/** Anything carrying a catalogue module's id and its (English) catalogue name. */
export interface NamedModule {
  id: string;
  name: string;
}

/**
 * A module's name in the interface language, by its catalogue id (common.module.<id>); a module the web does
 * not know yet keeps the catalogue's name.
 */
export const moduleName = (module: NamedModule, language: string = i18n.language): string =>
  i18n.t(`common.module.${module.id}` as 'common.module.forge', { lng: language, defaultValue: module.name });

/** `moduleName` that re-renders when the language changes. */
export const useModuleName = (): ((module: NamedModule) => string) => {
  const { i18n: instance } = useTranslation();
  return (module) => moduleName(module, instance.language);
};
