import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enIdentity from '../locales/en/identity.json';
import enAccount from '../locales/en/account.json';
import enSystem from '../locales/en/system.json';
// the other English files as types only (the keys' types); their texts load on demand
import type enDashboard from '../locales/en/dashboard.json';
import type enNotifications from '../locales/en/notifications.json';
import type enSettings from '../locales/en/settings.json';
import type enProjects from '../locales/en/projects.json';
import type enTeams from '../locales/en/teams.json';
import type enAdmin from '../locales/en/admin.json';
import type enNews from '../locales/en/news.json';
import type enKnowledgeBase from '../locales/en/knowledgeBase.json';
import type enBoards from '../locales/en/boards.json';
import type enTasks from '../locales/en/tasks.json';
import type enWebhooks from '../locales/en/webhooks.json';
import type enSbs from '../locales/en/sbs.json';
import type enTables from '../locales/en/tables.json';
import type enTablesImport from '../locales/en/tablesImport.json';
import type enWorkflows from '../locales/en/workflows.json';
import type enServer from '../locales/en/server.json';

export const LANGUAGES = ['en', 'nl', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const NAMESPACES = [
  'common',
  'identity',
  'dashboard',
  'notifications',
  'system',
  'account',
  'settings',
  'projects',
  'teams',
  'admin',
  'news',
  'knowledgeBase',
  'boards',
  'tasks',
  'webhooks',
  'sbs',
  'tables',
  'tablesImport',
  'workflows',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * The server's texts (errors, field messages, composed notifications), keyed by their message keys in the domain's
 * catalogues ('projects.notFound'); English repeats the domain's texts. Rendered by shared/apiErrors.ts.
 */
export const SERVER_NAMESPACE = 'server';

/** The English texts by namespace: the type of every key (i18next.d.ts). */
export interface EnglishResources {
  common: typeof enCommon;
  identity: typeof enIdentity;
  dashboard: typeof enDashboard;
  notifications: typeof enNotifications;
  system: typeof enSystem;
  account: typeof enAccount;
  settings: typeof enSettings;
  projects: typeof enProjects;
  teams: typeof enTeams;
  admin: typeof enAdmin;
  news: typeof enNews;
  knowledgeBase: typeof enKnowledgeBase;
  boards: typeof enBoards;
  tasks: typeof enTasks;
  webhooks: typeof enWebhooks;
  sbs: typeof enSbs;
  tables: typeof enTables;
  tablesImport: typeof enTablesImport;
  workflows: typeof enWorkflows;
  server: typeof enServer;
}

export type TextNamespace = Namespace | typeof SERVER_NAMESPACE;
/** Every namespace, the server's included: what a page loads when it does not say which it needs. */
export const ALL_NAMESPACES: readonly TextNamespace[] = [...NAMESPACES, SERVER_NAMESPACE];

/**
 * English texts in the entry: those of the first paint of every page outside the shell (sign-in, licences,
 * maintenance, account pages, the error and not-found screens). Every other namespace, and every namespace of Dutch
 * and German, is a file of its own that loads before the page that shows it (`loadNamespaces`, `lazyPage`), in the
 * interface language and in English (the fallback): a cold load carries the texts of its page, not all 100 KB.
 */
export const FIRST_PAINT_NAMESPACES = ['common', 'identity', 'account', 'system'] as const satisfies readonly TextNamespace[];
const firstPaintEnglish = { common: enCommon, identity: enIdentity, account: enAccount, system: enSystem };

type Bundle = Record<string, string>;
const lazyBundles = import.meta.glob<Bundle>(['../locales/*/*.json', '!../locales/en/{common,identity,account,system}.json'], {
  import: 'default',
});

const readBundle = async (language: string, namespace: string): Promise<Bundle> => {
  if (language === DEFAULT_LANGUAGE && namespace in firstPaintEnglish)
    return firstPaintEnglish[namespace as keyof typeof firstPaintEnglish];
  const load = lazyBundles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No ${language} translation of ${namespace}`);
  return load();
};

/** i18next's backend over the split locale files: a namespace i18next lacks (a language switch, `loadNamespaces`) loads from here. */
const localeFiles: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    readBundle(language, namespace).then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, false),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'stramien.language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const readStoredLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

/** The app's i18next instance; keys are flat strings shaped `feature.area.phrase`. */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(localeFiles)
  .init({
    resources: { en: firstPaintEnglish },
    // the bundled English is part of the texts: the rest comes from the backend
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...FIRST_PAINT_NAMESPACES],
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });

const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Loads namespaces in the interface language and in English (the fallback), before a page shows their texts; a
 * later language switch loads them in the new language too (i18next keeps them in its `ns`). Rejects when a file
 * could not be fetched.
 */
export const loadNamespaces = async (namespaces: readonly TextNamespace[]): Promise<void> => {
  const languages = [...new Set([languageOf(i18n.language), DEFAULT_LANGUAGE])];
  const missing = () => namespaces.filter((namespace) => languages.some((language) => !i18n.hasResourceBundle(language, namespace)));
  if (missing().length === 0) return;
  await i18n.loadNamespaces([...namespaces]);
  const failed = missing();
  if (failed.length > 0) throw new Error(`Could not load the texts of ${failed.join(', ')}`);
};

/** Adds every namespace of a language to i18n (once): the tests keep every text at hand. */
export const loadLanguage = async (language: Language): Promise<void> => {
  await Promise.all(
    ALL_NAMESPACES.map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      i18n.addResourceBundle(language, namespace, await readBundle(language, namespace), true, true);
    }),
  );
};

/** Resolves once the stored interface language's first-paint texts are loaded: render after it, so nobody sees English first. */
export const i18nReady: Promise<void> = i18n.changeLanguage(readStoredLanguage()).then(() => undefined);

/** Switches the interface language (loading the namespaces the app has used so far in it) and remembers it in this browser. */
export const changeLanguage = async (language: Language): Promise<void> => {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};

export const currentLanguage = (): Language => (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE);
