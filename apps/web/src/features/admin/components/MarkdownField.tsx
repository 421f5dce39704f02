import { TextArea } from '@blueprintjs/core';
import { FormField } from '../../../shared/forms/FormField';
import { Markdown } from '../../../shared/Markdown';

export interface MarkdownFieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  helper?: string;
  /** show the text rendered instead of the input */
  preview: boolean;
  value: string;
  rows: number;
  maxLength: number;
  onChange: (text: string) => void;
}

/** A markdown text of a translated item (news description, article body), or its rendering while previewed. */
export const MarkdownField = ({ id, label, required, error, helper, preview, value, rows, maxLength, onChange }: MarkdownFieldProps) => (
  <FormField label={label} id={id} required={required} error={error} helper={helper}>
    {preview ? (
      <Markdown className="stramien-admin__preview">{value}</Markdown>
    ) : (
      <TextArea
        id={id}
        className="stramien-admin__markdown-input"
        fill
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    )}
  </FormField>
);
