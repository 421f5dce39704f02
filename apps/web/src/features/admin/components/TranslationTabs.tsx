import { Tab, Tabs, Tag } from '@blueprintjs/core';
import { LANGUAGES, type Language } from '../../../shared/i18n';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TranslationTabsProps {
  id: string;
  /** languages with an error, marked on their tab */
  invalid?: Language[];
  /** languages with text, marked on their tab */
  written?: Language[];
  children: (language: Language) => ReactNode;
}

/**
 * One tab per interface language (English, Nederlands, Deutsch) around the fields of that language, for texts a
 * system admin writes in every language (news, knowledge base). English first: it is required and the fallback.
 */
export const TranslationTabs = ({ id, invalid = [], written = [], children }: TranslationTabsProps) => {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>('en');
  return (
    <Tabs id={id} selectedTabId={language} onChange={(next) => setLanguage(next as Language)} className="stramien-admin__translations">
      {LANGUAGES.map((code) => (
        <Tab
          key={code}
          id={code}
          data-testid={`${id}-${code}`}
          title={
            <span lang={code}>
              {t(`common.language.${code}`)}
              {invalid.includes(code) ? (
                <Tag minimal intent="danger" className="stramien-admin__tab-mark">
                  !
                </Tag>
              ) : written.includes(code) ? (
                <Tag minimal className="stramien-admin__tab-mark">
                  ✓
                </Tag>
              ) : null}
            </span>
          }
          panel={<div className="stramien-admin__translation">{children(code)}</div>}
        />
      ))}
    </Tabs>
  );
};

/** The languages a texts object has, as short tags for an admin list ('EN NL DE'). */
export const LanguageTags = ({ translations }: { translations: Partial<Record<Language, unknown>> }) => (
  <span className="stramien-admin__languages">
    {LANGUAGES.filter((code) => translations[code]).map((code) => (
      <Tag key={code} minimal>
        {code.toUpperCase()}
      </Tag>
    ))}
  </span>
);
