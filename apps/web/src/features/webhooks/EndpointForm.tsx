import { Button, Checkbox, InputGroup, TextArea } from '@blueprintjs/core';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '@stramien/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/forms/FormField';

export interface EndpointFormValue {
  url: string;
  /** event patterns, separated by commas or lines */
  eventTypes: string;
  projectIds: string[];
  description: string;
  enabled: boolean;
}

/** The patterns of the form's text: split on commas and lines, trimmed, no empties. */
export const parsePatterns = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

export interface EndpointFormProps {
  initial: EndpointFormValue;
  projects: { id: string; name: string }[];
  busy: boolean;
  submitText: string;
  onSubmit: (value: EndpointFormValue) => void;
  onCancel: () => void;
}

/** URL, event patterns, optional projects, description and enabled flag of a webhook endpoint. */
export const EndpointForm = ({ initial, projects, busy, submitText, onSubmit, onCancel }: EndpointFormProps) => {
  const { t } = useTranslation('webhooks');
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const urlError = touched && value.url.trim() === '';
  const patternsError = touched && parsePatterns(value.eventTypes).length === 0;
  return (
    <form
      className="stramien-admin__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (value.url.trim() !== '' && parsePatterns(value.eventTypes).length > 0) onSubmit(value);
      }}
    >
      <FormField label={t('webhooks.field.url')} id="webhook-url" required error={urlError ? t('webhooks.form.required') : undefined}>
        <InputGroup
          id="webhook-url"
          value={value.url}
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://erp.example.com/hooks/stramien"
          intent={urlError ? 'danger' : 'none'}
          onValueChange={(url) => setValue((v) => ({ ...v, url }))}
        />
      </FormField>
      <FormField
        label={t('webhooks.field.events')}
        id="webhook-events"
        required
        helper={t('webhooks.field.events-help')}
        error={patternsError ? t('webhooks.form.required') : undefined}
      >
        <TextArea
          id="webhook-events"
          fill
          rows={3}
          value={value.eventTypes}
          placeholder="task.*, user.UserSignedIn"
          intent={patternsError ? 'danger' : 'none'}
          onChange={(event) => {
            const eventTypes = event.currentTarget.value;
            setValue((v) => ({ ...v, eventTypes }));
          }}
        />
      </FormField>
      <FormField label={t('webhooks.field.projects')} helper={t('webhooks.field.projects-help')}>
        <div id="webhook-projects" className="stramien-webhooks__projects">
          {projects.map((project) => (
            <Checkbox
              key={project.id}
              label={project.name}
              checked={value.projectIds.includes(project.id)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setValue((v) => ({
                  ...v,
                  projectIds: on ? [...v.projectIds, project.id] : v.projectIds.filter((id) => id !== project.id),
                }));
              }}
            />
          ))}
        </div>
      </FormField>
      <FormField label={t('webhooks.field.description')} id="webhook-description">
        <InputGroup
          id="webhook-description"
          value={value.description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          onValueChange={(description) => setValue((v) => ({ ...v, description }))}
        />
      </FormField>
      <Checkbox
        label={t('webhooks.field.enabled')}
        checked={value.enabled}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          setValue((v) => ({ ...v, enabled }));
        }}
      />
      <div className="stramien-admin__form-actions">
        <Button text={t('webhooks.form.cancel')} onClick={onCancel} disabled={busy} />
        <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid="webhook-submit" />
      </div>
    </form>
  );
};
