import { Checkbox, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import type { ColumnView } from '@stramien/api';
import { dropdownChoices, type CellValue } from '@stramien/domain';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SbsCodePicker } from '../../../sbs/SbsCodePicker';
import { asColumn, checkCell, editText } from '../../cellValues';

export interface CellChoice {
  id: string;
  label: string;
}

export interface CellEditorProps {
  column: Pick<ColumnView, 'id' | 'name' | 'type' | 'options_value'>;
  value: CellValue;
  /** a valid value that differs from the held one */
  onCommit: (value: CellValue) => void;
  onCancel: () => void;
  /** the server's message for this cell after a refused save */
  error?: string | null;
  busy?: boolean;
  /** for a `table` column: the records of the target table to pick from */
  choices?: CellChoice[];
  /** for an `sbscode` column: the project whose SBS the picker searches */
  projectId?: string;
}

/**
 * The inline editor of one cell, by column type: a text box, a text area, a number box, a check box, a date field,
 * a dropdown of the column's options or of the target table's records, the project's SBS codes (the SBS picker: a
 * picked code saves at once, a typed one with Enter). A value is checked with the domain's column
 * type rules before it is sent (the same rules the server applies); a refusal, the form's or the server's, stays on
 * the cell. Enter or leaving the field saves, Escape cancels.
 */
export const CellEditor = ({ column, value, onCommit, onCancel, error, busy, choices = [], projectId = '' }: CellEditorProps) => {
  const { t } = useTranslation('tables');
  const [draft, setDraft] = useState(() => editText(value));
  const [ownError, setOwnError] = useState<string | null>(null);
  // Enter saves and the field then loses focus: the same input is sent once
  const sent = useRef<{ input: unknown } | null>(null);
  const label = t('tables.cell.edit', { column: column.name });

  const commit = (input: unknown) => {
    if (sent.current && Object.is(sent.current.input, input)) return;
    const result = checkCell(column, input);
    if (!result.ok) {
      setOwnError(result.message);
      return;
    }
    setOwnError(null);
    sent.current = { input };
    if (result.value === value) onCancel();
    else onCommit(result.value);
  };
  const change = (text: string) => {
    sent.current = null;
    setDraft(text);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !(column.type === 'text-field' && event.shiftKey)) {
      event.preventDefault();
      commit(draft);
    }
  };
  const message = ownError ?? error ?? null;
  const options = dropdownChoices(asColumn(column).options);
  const intent = message ? 'danger' : 'none';

  /** a choice from a list (a dropdown's options, a table's records) is saved as soon as it is picked */
  const select = (list: { value: string; label: string }[]) => (
    <HTMLSelect
      aria-label={label}
      fill
      autoFocus
      disabled={busy}
      value={draft}
      onKeyDown={onKey}
      onChange={(event) => commit(event.currentTarget.value)}
      options={list}
    />
  );
  const field = (() => {
    switch (column.type) {
      case 'boolean':
        return (
          <Checkbox
            aria-label={label}
            checked={value === true}
            disabled={busy}
            autoFocus
            onKeyDown={onKey}
            onChange={(event) => commit(event.currentTarget.checked)}
          />
        );
      case 'dropdown':
        return select([
          { value: '', label: options.length > 0 ? t('tables.cell.none') : t('tables.cell.no-options') },
          ...options.map((option) => ({ value: option, label: option })),
        ]);
      case 'table':
        return select([
          { value: '', label: t('tables.cell.none') },
          // a linked record the choices do not hold (beyond the first page) stays selectable by its id
          ...(draft && !choices.some((choice) => choice.id === draft) ? [{ value: draft, label: draft }] : []),
          ...choices.map((choice) => ({ value: choice.id, label: choice.label })),
        ]);
      case 'sbscode':
        return (
          <div onKeyDown={onKey}>
            <SbsCodePicker
              projectId={projectId}
              aria-label={label}
              autoFocus
              disabled={busy}
              value={draft}
              onChange={change}
              onPick={commit}
            />
          </div>
        );
      case 'date':
        return (
          <input
            type="date"
            className={`bp6-input bp6-fill${message ? ' bp6-intent-danger' : ''}`}
            aria-label={label}
            autoFocus
            disabled={busy}
            value={draft.slice(0, 10)}
            onKeyDown={onKey}
            onChange={(event) => change(event.target.value)}
            onBlur={() => commit(draft)}
          />
        );
      case 'text-field':
        return (
          <TextArea
            aria-label={label}
            fill
            autoFocus
            disabled={busy}
            intent={intent}
            value={draft}
            onKeyDown={onKey}
            onChange={(event) => change(event.target.value)}
            onBlur={() => commit(draft)}
          />
        );
      default:
        return (
          <InputGroup
            aria-label={label}
            fill
            autoFocus
            disabled={busy}
            intent={intent}
            inputMode={column.type === 'integer' ? 'numeric' : column.type === 'float' ? 'decimal' : undefined}
            type={column.type === 'email' ? 'email' : column.type === 'link' ? 'url' : 'text'}
            value={draft}
            onKeyDown={onKey}
            onValueChange={change}
            onBlur={() => commit(draft)}
          />
        );
    }
  })();

  return (
    <div className={`stramien-cell-editor stramien-cell-editor--${column.type}`} data-testid="cell-editor">
      {field}
      {message && (
        <div className="stramien-cell-editor__error" role="alert" data-testid="cell-error">
          {message}
        </div>
      )}
    </div>
  );
};
