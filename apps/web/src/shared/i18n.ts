import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enIdentity from '../locales/en/identity.json';
import enNotifications from '../locales/en/notifications.json';
import enSystem from '../locales/en/system.json';
import enAccount from '../locales/en/account.json';
import enSettings from '../locales/en/settings.json';
import enProjects from '../locales/en/projects.json';
import enTeams from '../locales/en/teams.json';
import enAdmin from '../locales/en/admin.json';
import enNews from '../locales/en/news.json';
import enKnowledgeBase from '../locales/en/knowledgeBase.json';
import enBoards from '../locales/en/boards.json';
import enTasks from '../locales/en/tasks.json';
import enWebhooks from '../locales/en/webhooks.json';
import enSbs from '../locales/en/sbs.json';
import enTables from '../locales/en/tables.json';
import enTablesImport from '../locales/en/tablesImport.json';
import enWorkflows from '../locales/en/workflows.json';
import enServer from '../locales/en/server.json';

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

/**
 * English, bundled: the source and the fallback. Dutch and German are complete (see locales.test.ts) and load on
 * demand, one language at a time (`loadLanguage`), so a cold load carries one language's texts, not three.
 */
export const englishResources = {
  common: enCommon,
  identity: enIdentity,
  dashboard: enDashboard,
  notifications: enNotifications,
  system: enSystem,
  account: enAccount,
  settings: enSettings,
  projects: enProjects,
  teams: enTeams,
  admin: enAdmin,
  news: enNews,
  knowledgeBase: enKnowledgeBase,
  boards: enBoards,
  tasks: enTasks,
  webhooks: enWebhooks,
  sbs: enSbs,
  tables: enTables,
  tablesImport: enTablesImport,
  workflows: enWorkflows,
  server: enServer,
} satisfies Record<Namespace | typeof SERVER_NAMESPACE, Record<string, string>>;

type Bundle = Record<string, string>;
const translations = import.meta.glob<Bundle>(['../locales/nl/*.json', '../locales/de/*.json'], { import: 'default' });

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

void i18n.use(initReactI18next).init({
  resources: { en: englishResources },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES, SERVER_NAMESPACE],
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Adds a language's namespaces to i18n (once); English is always there. */
export const loadLanguage = async (language: Language): Promise<void> => {
  if (language === DEFAULT_LANGUAGE) return;
  await Promise.all(
    [...NAMESPACES, SERVER_NAMESPACE].map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = translations[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No ${language} translation of ${namespace}`);
      i18n.addResourceBundle(language, namespace, await load(), true, true);
    }),
  );
};

/** Resolves once the stored interface language is loaded: render after it, so nobody sees English first. */
export const i18nReady: Promise<void> = loadLanguage(readStoredLanguage()).then(() =>
  i18n.changeLanguage(readStoredLanguage()).then(() => undefined),
);

/** Switches the interface language and remembers it in this browser. */
export const changeLanguage = async (language: Language): Promise<void> => {
  await loadLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18n.changeLanguage(language);
};

export const currentLanguage = (): Language => (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE);
