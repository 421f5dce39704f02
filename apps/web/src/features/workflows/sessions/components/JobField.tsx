import { Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { JobFile } from '@stramien/api';
import type { PanelField } from '@stramien/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../../shared/serverText';
import { FormField } from '../../../../shared/forms/FormField';
import { SbsCodePicker } from '../../../sbs/SbsCodePicker';
import { recordLabel } from '../../../tables/cellValues';
import { recordChoicesQuery, tablesQuery } from '../../../tables/queries';
import type { JobFieldValue } from '../machines/jobFormMachine';
import { JobFileInput } from './JobFileInput';

export interface JobFieldProps {
  projectId: string;
  jobId: string;
  /** the files uploaded to the job (a file field holds one of their ids) */
  files: readonly JobFile[];
  field: PanelField;
  value: JobFieldValue;
  onChange: (value: JobFieldValue) => void;
  /** the form's or the server's messages (English domain texts, shown in the user's language) */
  errors: readonly string[];
  disabled: boolean;
}

/** A record field: the records of the project table the block names (by name: a workflow runs in every project). */
const RecordSelect = ({
  id,
  projectId,
  table,
  value,
  onChange,
  disabled,
}: {
  id: string;
  projectId: string;
  table: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) => {
  const { t } = useTranslation('workflows');
  const tables = useQuery(tablesQuery(projectId));
  const target = tables.data?.find((candidate) => candidate.name === table);
  const records = useQuery({ ...recordChoicesQuery(projectId, target?.id ?? ''), enabled: !!target });
  const choices = (records.data?.data ?? []).map((record) => ({ value: record.id, label: recordLabel(records.data!.columns, record) }));
  const missing = tables.isSuccess && !target;
  return (
    <HTMLSelect
      id={id}
      fill
      disabled={disabled || missing}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={[
        { value: '', label: missing ? t('workflows.session-job.no-table', { table }) : t('workflows.session-job.choose') },
        ...(value && !choices.some((choice) => choice.value === value) ? [{ value, label: value.slice(0, 8) }] : []),
        ...choices,
      ]}
    />
  );
};

/**
 * One field of a job's panel, by its type (docs/workflows.md "Block configuration"): text, number, date, a choice of
 * its options, a checkbox, a file (uploaded), a record of a project table, an SBS code of the project (the SBS
 * picker). Label, required mark and messages come from the app's one FormField.
 */
export const JobField = ({ projectId, jobId, files, field, value, onChange, errors, disabled }: JobFieldProps) => {
  const { t } = useTranslation('workflows');
  const id = `job-field-${field.id}`;
  const text = typeof value === 'string' ? value : '';
  const input = (() => {
    switch (field.type) {
      case 'checkbox':
        return (
          <Checkbox id={id} checked={value === true} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} />
        );
      case 'choice':
        return (
          <HTMLSelect
            id={id}
            fill
            disabled={disabled}
            value={text}
            onChange={(event) => onChange(event.currentTarget.value)}
            options={[
              { value: '', label: t('workflows.session-job.choose') },
              ...field.options.map((option) => ({ value: option, label: option })),
            ]}
          />
        );
      case 'date':
        return (
          <input
            id={id}
            type="date"
            className={`bp6-input bp6-fill${errors.length > 0 ? ' bp6-intent-danger' : ''}`}
            disabled={disabled}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'record':
        return <RecordSelect id={id} projectId={projectId} table={field.table} value={text} onChange={onChange} disabled={disabled} />;
      case 'sbscode':
        return <SbsCodePicker id={id} projectId={projectId} value={text} onChange={onChange} disabled={disabled} />;
      case 'file':
        return (
          <JobFileInput id={id} projectId={projectId} jobId={jobId} value={text} files={files} disabled={disabled} onChange={onChange} />
        );
      case 'number':
      case 'text':
        return (
          <InputGroup
            id={id}
            fill
            disabled={disabled}
            intent={errors.length > 0 ? 'danger' : 'none'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={text}
            onValueChange={onChange}
          />
        );
    }
  })();
  return (
    <FormField
      id={id}
      label={field.label}
      required={field.required === true}
      error={errors.length > 0 ? errors.map(serverText).join(' ') : undefined}
      helper={field.description}
      className={`stramien-job-field stramien-job-field--${field.type}`}
    >
      {input}
    </FormField>
  );
};
