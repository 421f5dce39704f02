import type { Language, Namespace, SERVER_NAMESPACE } from '../shared/i18n';

type Bundle = Record<string, string>;
const files = import.meta.glob<Bundle>('./*/*.json', { import: 'default', eager: true });

/** Every locale file by language and namespace, for the completeness tests (the app loads one language at a time). */
export const allResources = (): Record<Language, Record<Namespace | typeof SERVER_NAMESPACE, Bundle>> => {
  const out: Record<string, Record<string, Bundle>> = {};
  for (const [path, bundle] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) continue;
    (out[language] ??= {})[namespace] = bundle;
  }
  return out as Record<Language, Record<Namespace | typeof SERVER_NAMESPACE, Bundle>>;
};
