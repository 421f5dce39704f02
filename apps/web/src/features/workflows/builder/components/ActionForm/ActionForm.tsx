import { Button, Callout, Checkbox, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import {
  ACTION_TYPES,
  CONFIG_ID_MAX,
  CONFIG_LABEL_MAX,
  DUE_IN_DAYS_MAX,
  RECORD_VALUES_MAX,
  TASK_PRIORITIES,
  TEMPLATE_MAX,
  type Action,
  type ActionType,
  type Assignee,
  type AutomatedBlockConfig,
  type TaskPriority,
} from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../../shared/forms/FormField';
import { emptyAction, freshId, SESSION_REFERENCES, type JobReference } from '../../blockDrafts';

export interface ActionFormProps {
  config: AutomatedBlockConfig;
  onChange: (config: AutomatedBlockConfig) => void;
  /** the server's messages by editor path (blockDrafts.placeErrors) */
  errors: Readonly<Record<string, string[]>>;
  /** the `{{job.…}}` references of the manual nodes before this block's nodes */
  references: readonly JobReference[];
}

const message = (errors: ActionFormProps['errors'], path: string) => errors[path]?.join(' ');

/**
 * An automated block's action (docs/workflows.md "Block configuration"): create a task, create or update a record of
 * a project table, send a notification, wait until a date, or set the session's SBS code — each with its fields. Texts
 * are templates; the references this block may use are listed beside the form.
 */
export const ActionForm = ({ config, onChange, errors, references }: ActionFormProps) => {
  const { t } = useTranslation('workflows');
  const action = config.action;
  const setAction = (next: Action) => onChange({ ...config, action: next });
  const change = <A extends Action>(current: A, patch: Partial<A>) => setAction({ ...current, ...patch });
  const text = (
    path: string,
    label: string,
    value: string,
    onValue: (value: string) => void,
    options: { required?: boolean; long?: boolean; max?: number; hint?: string } = {},
  ) => {
    const id = `action-${path}`;
    return (
      <FormField id={id} label={label} required={options.required} helper={options.hint} error={message(errors, `action.${path}`)}>
        {options.long ? (
          <TextArea
            id={id}
            fill
            value={value}
            maxLength={options.max ?? TEMPLATE_MAX}
            onChange={(event) => onValue(event.currentTarget.value)}
          />
        ) : (
          <InputGroup id={id} value={value} maxLength={options.max ?? CONFIG_LABEL_MAX} onValueChange={onValue} />
        )}
      </FormField>
    );
  };

  return (
    <div className="stramien-block-editor__action" data-testid="action-form">
      <div className="stramien-block-editor__action-form">
        <FormField id="action-type" label={t('workflows.builder-editor.action')} required error={message(errors, 'action.type')}>
          <HTMLSelect
            id="action-type"
            value={action.type}
            options={ACTION_TYPES.map((type) => ({ value: type, label: t(`workflows.builder-action.${type}`) }))}
            onChange={(event) => setAction(emptyAction(event.currentTarget.value as ActionType, config.name))}
          />
        </FormField>
        <p className="stramien-block-editor__none">{t(`workflows.builder-action-hint.${action.type}`)}</p>

        {action.type === 'create-task' && (
          <>
            {text('title', t('workflows.builder-editor.task-title'), action.title, (title) => change(action, { title }), {
              required: true,
            })}
            {text(
              'description',
              t('workflows.builder-editor.description'),
              action.description ?? '',
              (description) => change(action, { description: description === '' ? undefined : description }),
              { long: true },
            )}
            <AssigneeField
              id="action-assignTo"
              label={t('workflows.builder-editor.assign-to')}
              value={action.assignTo}
              error={message(errors, 'action.assignTo')}
              onChange={(assignTo) => change(action, { assignTo })}
            />
            <div className="stramien-block-editor__row">
              <FormField id="action-priority" label={t('workflows.builder-editor.priority')} error={message(errors, 'action.priority')}>
                <HTMLSelect
                  id="action-priority"
                  value={action.priority}
                  options={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priority.${p}`, { ns: 'tasks' }) }))}
                  onChange={(event) => change(action, { priority: event.currentTarget.value as TaskPriority })}
                />
              </FormField>
              <FormField
                id="action-dueInDays"
                label={t('workflows.builder-editor.due-in-days')}
                error={message(errors, 'action.dueInDays')}
              >
                <InputGroup
                  id="action-dueInDays"
                  type="number"
                  min={0}
                  max={DUE_IN_DAYS_MAX}
                  value={action.dueInDays === undefined ? '' : String(action.dueInDays)}
                  onValueChange={(days) => change(action, { dueInDays: days.trim() === '' ? undefined : Number(days) })}
                />
              </FormField>
            </div>
          </>
        )}

        {action.type === 'write-record' && <WriteRecordFields action={action} errors={errors} onChange={(next) => setAction(next)} />}

        {action.type === 'notify' && (
          <>
            <AssigneeField
              id="action-to"
              label={t('workflows.builder-editor.notify-to')}
              value={action.to}
              error={message(errors, 'action.to')}
              onChange={(to) => change(action, { to })}
            />
            {text('message', t('workflows.builder-editor.message'), action.message, (msg) => change(action, { message: msg }), {
              required: true,
              long: true,
            })}
          </>
        )}

        {action.type === 'wait' &&
          text('until', t('workflows.builder-editor.until'), action.until, (until) => change(action, { until }), {
            required: true,
            hint: t('workflows.builder-editor.until-hint'),
          })}

        {action.type === 'set-session-sbs' &&
          text('code', t('workflows.builder-editor.sbs-code'), action.code, (code) => change(action, { code }), { required: true })}
      </div>

      <Callout
        className="stramien-block-editor__hints"
        icon={null}
        title={t('workflows.builder-editor.references')}
        data-testid="template-hints"
      >
        <p>{t('workflows.builder-editor.references-intro')}</p>
        <ul>
          {SESSION_REFERENCES.map((reference) => (
            <li key={reference}>
              <code>{reference}</code> —{' '}
              {t(`workflows.builder-reference.${reference === '{{session.name}}' ? 'session-name' : 'session-sbs'}`)}
            </li>
          ))}
          {references.map((reference) => (
            <li key={reference.text}>
              <code>{reference.text}</code> — {reference.blockName}: {reference.fieldLabel}
            </li>
          ))}
        </ul>
        {references.length === 0 && <p className="stramien-block-editor__none">{t('workflows.builder-editor.no-job-references')}</p>}
      </Callout>
    </div>
  );
};

type AssigneeKind = 'session-starter' | 'role' | 'user';
const kindOf = (assignee: Assignee): AssigneeKind => (assignee === 'session-starter' ? assignee : 'role' in assignee ? 'role' : 'user');

const AssigneeField = ({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: Assignee;
  error?: string;
  onChange: (value: Assignee) => void;
}) => {
  const { t } = useTranslation('workflows');
  const kind = kindOf(value);
  const name = value === 'session-starter' ? '' : 'role' in value ? value.role : value.user;
  const to = (next: AssigneeKind, text: string): Assignee =>
    next === 'session-starter' ? next : next === 'role' ? { role: text } : { user: text };
  return (
    <FormField id={id} label={label} required error={error}>
      <div className="stramien-block-editor__assignee">
        <HTMLSelect
          id={id}
          value={kind}
          options={(['session-starter', 'role', 'user'] as const).map((k) => ({ value: k, label: t(`workflows.builder-assignee.${k}`) }))}
          onChange={(event) => onChange(to(event.currentTarget.value as AssigneeKind, name))}
        />
        {kind !== 'session-starter' && (
          <InputGroup
            aria-label={t(kind === 'role' ? 'workflows.builder-assignee.role-name' : 'workflows.builder-assignee.user-id')}
            placeholder={t(kind === 'role' ? 'workflows.builder-assignee.role-name' : 'workflows.builder-assignee.user-id')}
            value={name}
            maxLength={kind === 'role' ? CONFIG_LABEL_MAX : CONFIG_ID_MAX}
            onValueChange={(text) => onChange(to(kind, text))}
          />
        )}
      </div>
    </FormField>
  );
};

type WriteRecord = Extract<Action, { type: 'write-record' }>;

/** The table, the values per column (templates) and the columns that find the record to update. */
const WriteRecordFields = ({
  action,
  errors,
  onChange,
}: {
  action: WriteRecord;
  errors: ActionFormProps['errors'];
  onChange: (action: WriteRecord) => void;
}) => {
  const { t } = useTranslation('workflows');
  const entries = Object.entries(action.values);
  const matchOn = new Set(action.matchOn ?? []);
  const withMatch = (columns: Set<string>, values: Record<string, string>): WriteRecord => {
    const kept = [...columns].filter((c) => c in values);
    const { matchOn: _old, ...rest } = action;
    return { ...rest, values, ...(kept.length > 0 ? { matchOn: kept } : {}) };
  };
  const setEntries = (next: [string, string][], columns = matchOn) => onChange(withMatch(columns, Object.fromEntries(next)));
  return (
    <>
      <FormField
        id="action-table"
        label={t('workflows.builder-editor.table')}
        required
        helper={t('workflows.builder-editor.table-hint')}
        error={message(errors, 'action.table')}
      >
        <InputGroup
          id="action-table"
          value={action.table}
          maxLength={CONFIG_LABEL_MAX}
          onValueChange={(table) => onChange({ ...action, table })}
        />
      </FormField>
      <FormField
        label={t('workflows.builder-editor.values')}
        required
        helper={t('workflows.builder-editor.values-hint')}
        error={message(errors, 'action.values') ?? message(errors, 'action.matchOn')}
      >
        <div className="stramien-block-editor__values" data-testid="record-values">
          {entries.map(([column, value], i) => (
            <div key={i} className="stramien-block-editor__value">
              <InputGroup
                aria-label={t('workflows.builder-editor.column')}
                placeholder={t('workflows.builder-editor.column')}
                value={column}
                maxLength={CONFIG_LABEL_MAX}
                intent={message(errors, `action.values.${column}`) ? 'danger' : 'none'}
                onValueChange={(name) => {
                  const columns = new Set([...matchOn].map((c) => (c === column ? name : c)));
                  setEntries(
                    entries.map((entry, j) => (j === i ? [name, entry[1]] : entry)),
                    columns,
                  );
                }}
              />
              <InputGroup
                aria-label={t('workflows.builder-editor.value-of', { column })}
                placeholder={t('workflows.builder-editor.value')}
                value={value}
                maxLength={TEMPLATE_MAX}
                onValueChange={(text) => setEntries(entries.map((entry, j) => (j === i ? [entry[0], text] : entry)))}
              />
              <Checkbox
                checked={matchOn.has(column)}
                label={t('workflows.builder-editor.match-on')}
                onChange={(event) => {
                  const columns = new Set(matchOn);
                  if (event.currentTarget.checked) columns.add(column);
                  else columns.delete(column);
                  setEntries(entries, columns);
                }}
              />
              <Button
                variant="minimal"
                intent="danger"
                icon={<TrashIcon />}
                aria-label={t('workflows.builder-editor.remove-value')}
                onClick={() => setEntries(entries.filter((_, j) => j !== i))}
              />
              {message(errors, `action.values.${column}`) && (
                <span className="stramien-block-editor__error">{message(errors, `action.values.${column}`)}</span>
              )}
            </div>
          ))}
          <Button
            icon={<AddIcon />}
            text={t('workflows.builder-editor.add-value')}
            disabled={entries.length >= RECORD_VALUES_MAX}
            data-testid="add-value"
            onClick={() => setEntries([...entries, [freshId(t('workflows.builder-editor.column'), Object.keys(action.values)), '']])}
          />
        </div>
      </FormField>
    </>
  );
};
