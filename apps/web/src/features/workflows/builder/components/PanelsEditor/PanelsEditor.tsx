import { Button, Card, Checkbox, H5, HTMLSelect, InputGroup, TagInput } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import {
  CHOICE_OPTIONS_MAX,
  CONFIG_ID_MAX,
  CONFIG_LABEL_MAX,
  PANEL_FIELD_TYPES,
  PANEL_FIELDS_MAX,
  PANELS_MAX,
  TEMPLATE_MAX,
  type ManualBlockConfig,
  type Panel,
  type PanelField,
  type PanelFieldType,
} from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../../shared/forms/FormField';
import { fieldOfType, newField, newPanel } from '../../blockDrafts';

export interface PanelsEditorProps {
  config: ManualBlockConfig;
  onChange: (config: ManualBlockConfig) => void;
  /** the server's messages by editor path (blockDrafts.placeErrors) */
  errors: Readonly<Record<string, string[]>>;
}

const message = (errors: PanelsEditorProps['errors'], path: string) => errors[path]?.join(' ');

/**
 * A manual block's panels (docs/workflows.md "Block configuration"): each panel has an id, a title, a description and
 * its typed fields — text, number, date, choice (with its options), checkbox, file, record (a project table, by
 * name) or SBS code — each with an id, a label, a description and whether it is required. A person fills them in
 * the session's job.
 */
export const PanelsEditor = ({ config, onChange, errors }: PanelsEditorProps) => {
  const { t } = useTranslation('workflows');
  const setPanels = (panels: Panel[]) => onChange({ ...config, panels });
  const setPanel = (p: number, change: Partial<Panel>) =>
    setPanels(config.panels.map((panel, i) => (i === p ? { ...panel, ...change } : panel)));
  const setField = (p: number, f: number, field: PanelField) =>
    setPanel(p, { fields: config.panels[p]!.fields.map((old, i) => (i === f ? field : old)) });

  return (
    <div className="stramien-block-editor__panels" data-testid="panels-editor">
      {message(errors, 'panels') && <p className="stramien-block-editor__error">{message(errors, 'panels')}</p>}
      {config.panels.map((panel, p) => (
        <Card key={p} className="stramien-block-editor__panel" data-testid="panel-editor">
          <div className="stramien-block-editor__panel-head">
            <H5>{t('workflows.builder-editor.panel', { number: p + 1 })}</H5>
            <Button
              variant="minimal"
              intent="danger"
              icon={<TrashIcon />}
              aria-label={t('workflows.builder-editor.remove-panel')}
              disabled={config.panels.length === 1}
              onClick={() => setPanels(config.panels.filter((_, i) => i !== p))}
            />
          </div>
          <div className="stramien-block-editor__row">
            <FormField
              id={`panel-${p}-title`}
              label={t('workflows.builder-editor.panel-title')}
              required
              error={message(errors, `panels.${p}.title`)}
            >
              <InputGroup
                id={`panel-${p}-title`}
                value={panel.title}
                maxLength={CONFIG_LABEL_MAX}
                onValueChange={(title) => setPanel(p, { title })}
              />
            </FormField>
            <FormField id={`panel-${p}-id`} label={t('workflows.builder-editor.id')} required error={message(errors, `panels.${p}.id`)}>
              <InputGroup id={`panel-${p}-id`} value={panel.id} maxLength={CONFIG_ID_MAX} onValueChange={(id) => setPanel(p, { id })} />
            </FormField>
          </div>
          <FormField
            id={`panel-${p}-description`}
            label={t('workflows.builder-editor.description')}
            error={message(errors, `panels.${p}.description`)}
          >
            <InputGroup
              id={`panel-${p}-description`}
              value={panel.description ?? ''}
              maxLength={TEMPLATE_MAX}
              onValueChange={(description) => setPanel(p, { description: description === '' ? undefined : description })}
            />
          </FormField>
          {message(errors, `panels.${p}.fields`) && <p className="stramien-block-editor__error">{message(errors, `panels.${p}.fields`)}</p>}
          {panel.fields.length === 0 && <p className="stramien-block-editor__none">{t('workflows.builder-editor.no-fields')}</p>}
          {panel.fields.map((field, f) => (
            <FieldEditor
              key={f}
              field={field}
              at={`panels.${p}.fields.${f}`}
              domId={`field-${p}-${f}`}
              errors={errors}
              onChange={(next) => setField(p, f, next)}
              onRemove={() => setPanel(p, { fields: panel.fields.filter((_, i) => i !== f) })}
            />
          ))}
          <Button
            icon={<AddIcon />}
            text={t('workflows.builder-editor.add-field')}
            disabled={panel.fields.length >= PANEL_FIELDS_MAX}
            data-testid="add-field"
            onClick={() => setPanel(p, { fields: [...panel.fields, newField(config.panels, t('workflows.builder-editor.new-field'))] })}
          />
        </Card>
      ))}
      <Button
        icon={<AddIcon />}
        text={t('workflows.builder-editor.add-panel')}
        disabled={config.panels.length >= PANELS_MAX}
        data-testid="add-panel"
        onClick={() => setPanels([...config.panels, newPanel(config.panels, t('workflows.builder-editor.new-panel'))])}
      />
    </div>
  );
};

interface FieldEditorProps {
  field: PanelField;
  /** the field's path in the configuration */
  at: string;
  domId: string;
  errors: PanelsEditorProps['errors'];
  onChange: (field: PanelField) => void;
  onRemove: () => void;
}

const FieldEditor = ({ field, at, domId, errors, onChange, onRemove }: FieldEditorProps) => {
  const { t } = useTranslation('workflows');
  const set = (change: Partial<Pick<PanelField, 'id' | 'label' | 'description' | 'required'>>) =>
    onChange({ ...field, ...change } as PanelField);
  return (
    <div className="stramien-block-editor__field" data-testid="field-editor">
      <div className="stramien-block-editor__row">
        <FormField id={`${domId}-label`} label={t('workflows.builder-editor.field-label')} required error={message(errors, `${at}.label`)}>
          <InputGroup id={`${domId}-label`} value={field.label} maxLength={CONFIG_LABEL_MAX} onValueChange={(label) => set({ label })} />
        </FormField>
        <FormField id={`${domId}-id`} label={t('workflows.builder-editor.id')} required error={message(errors, `${at}.id`)}>
          <InputGroup id={`${domId}-id`} value={field.id} maxLength={CONFIG_ID_MAX} onValueChange={(id) => set({ id })} />
        </FormField>
        <FormField id={`${domId}-type`} label={t('workflows.builder-editor.field-type')} error={message(errors, `${at}.type`)}>
          <HTMLSelect
            id={`${domId}-type`}
            value={field.type}
            options={PANEL_FIELD_TYPES.map((type) => ({ value: type, label: t(`workflows.builder-field.${type}`) }))}
            onChange={(event) => onChange(fieldOfType(event.currentTarget.value as PanelFieldType, field))}
          />
        </FormField>
        <Checkbox
          className="stramien-block-editor__required"
          checked={field.required ?? false}
          label={t('workflows.builder-editor.required')}
          onChange={(event) => set({ required: event.currentTarget.checked ? true : undefined })}
        />
        <Button
          variant="minimal"
          intent="danger"
          icon={<TrashIcon />}
          aria-label={t('workflows.builder-editor.remove-field')}
          onClick={onRemove}
        />
      </div>
      {field.type === 'choice' && (
        <FormField
          id={`${domId}-options`}
          label={t('workflows.builder-editor.options')}
          required
          helper={t('workflows.builder-editor.options-hint')}
          error={message(errors, `${at}.options`)}
        >
          <TagInput
            inputProps={{ id: `${domId}-options`, maxLength: CONFIG_LABEL_MAX }}
            values={field.options}
            addOnBlur
            separator={/[\n;]/}
            onChange={(values) =>
              onChange({
                ...field,
                options: [...new Set(values.map((v) => String(v).trim()).filter((v) => v !== ''))].slice(0, CHOICE_OPTIONS_MAX),
              })
            }
          />
        </FormField>
      )}
      {field.type === 'record' && (
        <FormField
          id={`${domId}-table`}
          label={t('workflows.builder-editor.table')}
          required
          helper={t('workflows.builder-editor.table-hint')}
          error={message(errors, `${at}.table`)}
        >
          <InputGroup
            id={`${domId}-table`}
            value={field.table}
            maxLength={CONFIG_LABEL_MAX}
            onValueChange={(table) => onChange({ ...field, table })}
          />
        </FormField>
      )}
      <FormField id={`${domId}-description`} label={t('workflows.builder-editor.description')} error={message(errors, `${at}.description`)}>
        <InputGroup
          id={`${domId}-description`}
          value={field.description ?? ''}
          maxLength={TEMPLATE_MAX}
          onValueChange={(description) => set({ description: description === '' ? undefined : description })}
        />
      </FormField>
    </div>
  );
};
