import { Button, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { ARTICLE_BODY_MAX, ARTICLE_POSITION_MAX, ARTICLE_TITLE_MAX } from '@stramien/domain';
import type { ArticleAdmin } from '@stramien/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import { Markdown } from '../../../shared/Markdown';
import { LANGUAGES, type Language } from '../../../shared/i18n';
import { TranslationTabs } from '../components/TranslationTabs';

type Texts = { title: string; body: string };
export interface ArticleFormValue {
  translations: Record<Language, Texts>;
  position: number;
}

const blank = (): Texts => ({ title: '', body: '' });
export const EMPTY_ARTICLE: ArticleFormValue = { translations: { en: blank(), nl: blank(), de: blank() }, position: 100 };

export const articleFormValue = (article: ArticleAdmin): ArticleFormValue => ({
  translations: { en: article.translations.en, nl: article.translations.nl ?? blank(), de: article.translations.de ?? blank() },
  position: article.position,
});

/** The body of POST/PUT /api/knowledge-base-articles: blank languages left out (readers fall back to English). */
export const articleBody = (value: ArticleFormValue) => ({
  translations: {
    en: value.translations.en,
    ...Object.fromEntries(
      LANGUAGES.filter((l) => l !== 'en' && (value.translations[l].title.trim() !== '' || value.translations[l].body.trim() !== '')).map(
        (l) => [l, value.translations[l]],
      ),
    ),
  },
  position: value.position,
});

export interface ArticleFormProps {
  initial: ArticleFormValue;
  busy: boolean;
  submitText: string;
  serverErrors?: Record<string, string[]>;
  onSubmit: (value: ArticleFormValue) => void;
  onCancel: () => void;
}

/** A knowledge-base article in English, Dutch and German (markdown), with its place in the list. */
export const ArticleForm = ({ initial, busy, submitText, serverErrors = {}, onSubmit, onCancel }: ArticleFormProps) => {
  const { t } = useTranslation('knowledgeBase');
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [preview, setPreview] = useState(false);
  const localErrors: Record<string, string> = touched
    ? {
        ...(value.translations.en.title.trim() === '' ? { 'translations.en.title': t('knowledgeBase.form.required') } : {}),
        ...(value.translations.en.body.trim() === '' ? { 'translations.en.body': t('knowledgeBase.form.required') } : {}),
      }
    : {};
  const error = (field: string): string | undefined => localErrors[field] ?? serverErrors[field]?.[0];
  const setText = (language: Language, field: keyof Texts, text: string) =>
    setValue((v) => ({ ...v, translations: { ...v.translations, [language]: { ...v.translations[language], [field]: text } } }));
  const invalid = LANGUAGES.filter((l) => error(`translations.${l}.title`) || error(`translations.${l}.body`));
  const written = LANGUAGES.filter((l) => value.translations[l].title.trim() !== '' || value.translations[l].body.trim() !== '');

  return (
    <form
      className="stramien-admin__form"
      noValidate
      data-testid="article-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (value.translations.en.title.trim() !== '' && value.translations.en.body.trim() !== '') onSubmit(value);
      }}
    >
      <p className="bp6-text-muted">{t('knowledgeBase.form.english-required')}</p>
      <TranslationTabs id="article-language" invalid={invalid} written={written}>
        {(language) => (
          <>
            <FormField
              label={t('knowledgeBase.form.title')}
              id={`article-title-${language}`}
              required={language === 'en'}
              error={error(`translations.${language}.title`)}
            >
              <InputGroup
                id={`article-title-${language}`}
                value={value.translations[language].title}
                maxLength={ARTICLE_TITLE_MAX}
                onValueChange={(text) => setText(language, 'title', text)}
              />
            </FormField>
            <FormField
              label={t('knowledgeBase.form.body')}
              id={`article-body-${language}`}
              required={language === 'en'}
              error={error(`translations.${language}.body`)}
              helper={t('knowledgeBase.form.markdown-helper')}
            >
              {preview ? (
                <Markdown className="stramien-admin__preview">{value.translations[language].body}</Markdown>
              ) : (
                <TextArea
                  id={`article-body-${language}`}
                  className="stramien-admin__markdown-input"
                  fill
                  rows={14}
                  maxLength={ARTICLE_BODY_MAX}
                  value={value.translations[language].body}
                  onChange={(event) => setText(language, 'body', event.currentTarget.value)}
                />
              )}
            </FormField>
            <Switch checked={preview} label={t('knowledgeBase.form.preview')} onChange={() => setPreview((p) => !p)} />
          </>
        )}
      </TranslationTabs>
      <FormField
        label={t('knowledgeBase.form.position')}
        id="article-position"
        helper={t('knowledgeBase.form.position-helper')}
        error={error('position')}
      >
        <NumericInput
          id="article-position"
          min={0}
          max={ARTICLE_POSITION_MAX}
          value={value.position}
          onValueChange={(position) =>
            setValue((v) => ({ ...v, position: Number.isFinite(position) ? Math.max(0, Math.round(position)) : 0 }))
          }
        />
      </FormField>
      <div className="stramien-admin__form-actions">
        <Button text={t('knowledgeBase.form.cancel')} onClick={onCancel} disabled={busy} />
        <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid="article-submit" />
      </div>
    </form>
  );
};
