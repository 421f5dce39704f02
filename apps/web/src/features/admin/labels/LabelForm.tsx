import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { isHexColor, LABEL_TITLE_MAX, labelMessages, HEX_COLOUR_MAX } from '@stramien/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/forms/FormField';

export interface LabelFormValue {
  title: string;
  color: string;
  /** '' is licence-wide */
  projectId: string;
}

export interface LabelFormProps {
  initial: LabelFormValue;
  projects: { id: string; name: string }[];
  /** the scope of an existing label cannot change */
  projectFixed?: boolean;
  busy: boolean;
  submitText: string;
  onSubmit: (value: LabelFormValue) => void;
  onCancel?: () => void;
}

/** Field errors the form shows before sending: the spec's 'Required.' and 'Invalid HEX color.' */
export const labelFormErrors = (value: LabelFormValue): { title?: string; color?: string } => ({
  ...(value.title.trim() === '' ? { title: labelMessages.titleRequired } : {}),
  ...(!isHexColor(value.color) ? { color: labelMessages.invalidColor } : {}),
});

/** Title, colour (3 or 6 hex digits) and scope of a label. */
export const LabelForm = ({ initial, projects, projectFixed, busy, submitText, onSubmit, onCancel }: LabelFormProps) => {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const errors = touched ? labelFormErrors(value) : {};
  const swatch = isHexColor(value.color) ? `#${value.color.trim().replace(/^#/, '')}` : 'transparent';
  return (
    <form
      className="stramien-admin__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (Object.keys(labelFormErrors(value)).length === 0) onSubmit(value);
      }}
    >
      <FormField
        label={t('admin.labels.title-field')}
        id="label-title"
        required
        error={errors.title ? t('admin.form.required') : undefined}
      >
        <InputGroup
          id="label-title"
          value={value.title}
          maxLength={LABEL_TITLE_MAX}
          intent={errors.title ? 'danger' : 'none'}
          onValueChange={(title) => setValue((v) => ({ ...v, title }))}
        />
      </FormField>
      <FormField
        label={t('admin.labels.color-field')}
        id="label-color"
        required
        error={errors.color ? t('admin.labels.invalid-color') : undefined}
      >
        <InputGroup
          id="label-color"
          value={value.color}
          maxLength={HEX_COLOUR_MAX}
          placeholder="#2e8be8"
          intent={errors.color ? 'danger' : 'none'}
          leftElement={<span className="stramien-admin__swatch stramien-admin__swatch--input" style={{ background: swatch }} />}
          onValueChange={(color) => setValue((v) => ({ ...v, color }))}
        />
      </FormField>
      <FormField label={t('admin.labels.project-field')} id="label-project">
        <HTMLSelect
          id="label-project"
          value={value.projectId}
          disabled={projectFixed}
          onChange={(event) => {
            const projectId = event.currentTarget.value;
            setValue((v) => ({ ...v, projectId }));
          }}
          options={[{ value: '', label: t('admin.labels.licence-wide') }, ...projects.map((p) => ({ value: p.id, label: p.name }))]}
        />
      </FormField>
      <div className="stramien-admin__form-actions">
        {onCancel && <Button text={t('admin.form.cancel')} onClick={onCancel} disabled={busy} />}
        <Button type="submit" intent="primary" text={submitText} loading={busy} data-testid="label-submit" />
      </div>
    </form>
  );
};
