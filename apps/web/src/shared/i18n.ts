import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import deCommon from '../locales/de/common.json';
import deDashboard from '../locales/de/dashboard.json';
import deIdentity from '../locales/de/identity.json';
import deNotifications from '../locales/de/notifications.json';
import deSystem from '../locales/de/system.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enIdentity from '../locales/en/identity.json';
import enNotifications from '../locales/en/notifications.json';
import enSystem from '../locales/en/system.json';
import nlCommon from '../locales/nl/common.json';
import nlDashboard from '../locales/nl/dashboard.json';
import nlIdentity from '../locales/nl/identity.json';
import nlNotifications from '../locales/nl/notifications.json';
import nlSystem from '../locales/nl/system.json';
import deAccount from '../locales/de/account.json';
import deSettings from '../locales/de/settings.json';
import deProjects from '../locales/de/projects.json';
import deTeams from '../locales/de/teams.json';
import deAdmin from '../locales/de/admin.json';
import enAccount from '../locales/en/account.json';
import enSettings from '../locales/en/settings.json';
import enProjects from '../locales/en/projects.json';
import enTeams from '../locales/en/teams.json';
import enAdmin from '../locales/en/admin.json';
import nlAccount from '../locales/nl/account.json';
import nlSettings from '../locales/nl/settings.json';
import nlProjects from '../locales/nl/projects.json';
import nlTeams from '../locales/nl/teams.json';
import nlAdmin from '../locales/nl/admin.json';
import deServer from '../locales/de/server.json';
import enServer from '../locales/en/server.json';
import nlServer from '../locales/nl/server.json';

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
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * The server's texts (errors, field messages, composed notifications), keyed by their message keys in the domain's
 * catalogues ('projects.notFound'); English repeats the domain's texts. Rendered by shared/apiErrors.ts.
 */
export const SERVER_NAMESPACE = 'server';

/** Every translation, bundled: English is the source, Dutch and German are complete (see locales.test.ts). */
export const resources = {
  en: {
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
    server: enServer,
  },
  nl: {
    common: nlCommon,
    identity: nlIdentity,
    dashboard: nlDashboard,
    notifications: nlNotifications,
    system: nlSystem,
    account: nlAccount,
    settings: nlSettings,
    projects: nlProjects,
    teams: nlTeams,
    admin: nlAdmin,
    server: nlServer,
  },
  de: {
    common: deCommon,
    identity: deIdentity,
    dashboard: deDashboard,
    notifications: deNotifications,
    system: deSystem,
    account: deAccount,
    settings: deSettings,
    projects: deProjects,
    teams: deTeams,
    admin: deAdmin,
    server: deServer,
  },
} satisfies Record<Language, Record<Namespace | typeof SERVER_NAMESPACE, Record<string, string>>>;

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
  resources,
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

/** Switches the interface language and remembers it in this browser. */
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
