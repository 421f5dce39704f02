import { Button, InputGroup, Switch } from '@blueprintjs/core';
import { NEWS_BUTTON_TITLE_MAX, NEWS_DESCRIPTION_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX } from '@stramien/domain';
import type { NewsItemAdmin } from '@stramien/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';
import type { Language } from '../../../shared/i18n';
import { MarkdownField } from '../components/MarkdownField';
import { TranslationTabs } from '../components/TranslationTabs';
import { everyLanguage, useTranslatedForm, writtenTranslations } from '../components/translatedForm';
import type { EditorFormProps } from '../components/TranslatedItemsEditor';

type Texts = { title: string; description: string; button_title: string };
export interface NewsFormValue {
  translations: Record<Language, Texts>;
  image: string;
  tags: string;
  auto_open: boolean;
  button_url: string;
}

const blank = (): Texts => ({ title: '', description: '', button_title: '' });
export const EMPTY_NEWS: NewsFormValue = {
  translations: { en: blank(), nl: blank(), de: blank() },
  image: '',
  tags: '',
  auto_open: false,
  button_url: '',
};

/** An item as the form edits it: every language present (blank where not written), tags as one comma-separated line. */
export const newsFormValue = (item: NewsItemAdmin): NewsFormValue => ({
  translations: everyLanguage(item.translations, blank),
  image: item.image ?? '',
  tags: item.tags.join(', '),
  auto_open: item.auto_open,
  button_url: item.button_url ?? '',
});

/** The body of POST/PUT /api/news: blank languages left out (readers fall back to English), tags split on commas. */
export const newsBody = (value: NewsFormValue) => ({
  translations: writtenTranslations(value.translations),
  image: value.image.trim() === '' ? null : value.image.trim(),
  tags: value.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  auto_open: value.auto_open,
  button_url: value.button_url.trim() === '' ? null : value.button_url.trim(),
});

export type NewsItemFormProps = EditorFormProps<NewsFormValue>;

/**
 * A news item in English, Dutch and German (spec 1 §3: title, description in markdown, image, tags, auto_open, button).
 * The English title and description are required: readers whose language is left blank read English.
 */
export const NewsItemForm = ({ initial, busy, submitText, serverErrors = {}, onSubmit, onCancel }: NewsItemFormProps) => {
  const { t } = useTranslation('news');
  const [preview, setPreview] = useState(false);
  const { value, setValue, setText, error, invalid, written, submit } = useTranslatedForm<Texts, NewsFormValue>({
    initial,
    required: ['title', 'description'],
    requiredText: t('news.form.required'),
    serverErrors,
    onSubmit,
  });

  return (
    <form className="stramien-admin__form" noValidate data-testid="news-form" onSubmit={submit}>
      <p className="bp6-text-muted">{t('news.form.english-required')}</p>
      <TranslationTabs id="news-language" invalid={invalid} written={written}>
        {(language) => (
          <>
            <FormField
              label={t('news.form.title')}
              id={`news-title-${language}`}
              required={language === 'en'}
              error={error(`translations.${language}.title`)}
            >
              <InputGroup
                id={`news-title-${language}`}
                value={value.translations[language].title}
                maxLength={NEWS_TITLE_MAX}
                onValueChange={(text) => setText(language, 'title', text)}
              />
            </FormField>
            <MarkdownField
              label={t('news.form.description')}
              id={`news-description-${language}`}
              required={language === 'en'}
              error={error(`translations.${language}.description`)}
              helper={t('news.form.markdown-helper')}
              preview={preview}
              rows={8}
              maxLength={NEWS_DESCRIPTION_MAX}
              value={value.translations[language].description}
              onChange={(text) => setText(language, 'description', text)}
            />
            <Switch checked={preview} label={t('news.form.preview')} onChange={() => setPreview((p) => !p)} />
            <FormField
              label={t('news.form.button-title')}
              id={`news-button-title-${language}`}
              error={error(`translations.${language}.button_title`)}
            >
              <InputGroup
                id={`news-button-title-${language}`}
                value={value.translations[language].button_title}
                maxLength={NEWS_BUTTON_TITLE_MAX}
                onValueChange={(text) => setText(language, 'button_title', text)}
              />
            </FormField>
          </>
        )}
      </TranslationTabs>
      <FormField label={t('news.form.button-url')} id="news-button-url" error={error('button_url')} helper={t('news.form.link-helper')}>
        <InputGroup
          id="news-button-url"
          value={value.button_url}
          maxLength={NEWS_LINK_MAX}
          placeholder="https://"
          onValueChange={(button_url) => setValue((v) => ({ ...v, button_url }))}
        />
      </FormField>
      <FormField label={t('news.form.image')} id="news-image" error={error('image')} helper={t('news.form.link-helper')}>
        <InputGroup
          id="news-image"
          value={value.image}
          maxLength={NEWS_LINK_MAX}
          placeholder="https://"
          onValueChange={(image) => setValue((v) => ({ ...v, image }))}
        />
      </FormField>
      <FormField label={t('news.form.tags')} id="news-tags" error={error('tags')} helper={t('news.form.tags-helper')}>
        <InputGroup id="news-tags" value={value.tags} onValueChange={(tags) => setValue((v) => ({ ...v, tags }))} />
      </FormField>
      <Switch
        checked={value.auto_open}
        label={t('news.form.auto-open')}
        data-testid="news-auto-open"
        onChange={() => setValue((v) => ({ ...v, auto_open: !v.auto_open }))}
      />
      <div className="stramien-admin__form-actions">
        <Button text={t('news.form.cancel')} onClick={onCancel} disabled={busy} />
        <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid="news-submit" />
      </div>
    </form>
  );
};
