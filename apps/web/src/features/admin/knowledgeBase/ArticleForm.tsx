import { Button, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import { ARTICLE_BODY_MAX, ARTICLE_POSITION_MAX, ARTICLE_TITLE_MAX } from '@stramien/domain';
import type { ArticleAdmin } from '@stramien/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import type { Language } from '../../../shared/i18n';
import { MarkdownField } from '../components/MarkdownField';
import { TranslationTabs } from '../components/TranslationTabs';
import { everyLanguage, useTranslatedForm, writtenTranslations } from '../components/translatedForm';
import type { EditorFormProps } from '../components/TranslatedItemsEditor';

type Texts = { title: string; body: string };
export interface ArticleFormValue {
  translations: Record<Language, Texts>;
  position: number;
}

const blank = (): Texts => ({ title: '', body: '' });
export const EMPTY_ARTICLE: ArticleFormValue = { translations: { en: blank(), nl: blank(), de: blank() }, position: 100 };

export const articleFormValue = (article: ArticleAdmin): ArticleFormValue => ({
  translations: everyLanguage(article.translations, blank),
  position: article.position,
});

/** The body of POST/PUT /api/knowledge-base-articles: blank languages left out (readers fall back to English). */
export const articleBody = (value: ArticleFormValue) => ({
  translations: writtenTranslations(value.translations),
  position: value.position,
});

export type ArticleFormProps = EditorFormProps<ArticleFormValue>;

/** A knowledge-base article in English, Dutch and German (markdown), with its place in the list. */
export const ArticleForm = ({ initial, busy, submitText, serverErrors = {}, onSubmit, onCancel }: ArticleFormProps) => {
  const { t } = useTranslation('knowledgeBase');
  const [preview, setPreview] = useState(false);
  const { value, setValue, setText, error, invalid, written, submit } = useTranslatedForm<Texts, ArticleFormValue>({
    initial,
    required: ['title', 'body'],
    requiredText: t('knowledgeBase.form.required'),
    serverErrors,
    onSubmit,
  });

  return (
    <form className="stramien-admin__form" noValidate data-testid="article-form" onSubmit={submit}>
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
            <MarkdownField
              label={t('knowledgeBase.form.body')}
              id={`article-body-${language}`}
              required={language === 'en'}
              error={error(`translations.${language}.body`)}
              helper={t('knowledgeBase.form.markdown-helper')}
              preview={preview}
              rows={14}
              maxLength={ARTICLE_BODY_MAX}
              value={value.translations[language].body}
              onChange={(text) => setText(language, 'body', text)}
            />
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
