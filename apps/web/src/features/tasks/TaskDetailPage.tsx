import {
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  EditableText,
  FileInput,
  H4,
  H5,
  HTMLSelect,
  InputGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { CrossIcon, DownloadIcon, PlusIcon, TrashIcon } from '@blueprintjs/icons';
import type { Task } from '@stramien/api';
import { TASK_CHECK_TITLE_MAX, TASK_DESCRIPTION_MAX, TASK_MESSAGE_MAX, TASK_TITLE_MAX, TASK_RELATION_KINDS } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../shared/apiErrors';
import { serverText } from '../../shared/serverText';
import { useDateFormat } from '../../shared/dates';
import { QueryState } from '../../shared/QueryState';
import { showToast } from '../../shared/toaster';
import { useSession } from '../identity/session/useSession';
import { RemainingTime } from './components/RemainingTime/RemainingTime';
import { AssigneeSelect, PersonName, PrioritySelect, StatusTag, useProjectPeople } from './components/TaskFields/TaskFields';
import { TaskChildren } from './components/TaskTree/TaskTree';
import {
  downloadAppendix,
  storeTask,
  taskCalls,
  taskHistoryQuery,
  taskKeys,
  taskLabelsQuery,
  taskPageQuery,
  taskQuery,
  uploadAppendix,
} from './queries';
import { keyPart } from './taskListView';
import { useTasksOutlet } from './TasksLayout';
import { useTaskActions } from './useTaskActions';
import { WorkflowJobLink } from '../workflows/sessions/components/WorkflowJobLink';

type Actions = ReturnType<typeof useTaskActions>;

const Block = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card compact className="stramien-task-detail__block" data-testid={testId}>
    <H5>{title}</H5>
    {children}
  </Card>
);

const sizeOf = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** /tasks/:taskId — one task: the 450 px properties sidebar (spec 1 §9) beside its subtasks and parts. */
export const TaskDetailPage = () => {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  const task = useQuery(taskQuery(taskId));
  return (
    <QueryState query={task} errorTitle={t('tasks.detail.not-found')}>
      {(data) => <TaskDetail task={data} />}
    </QueryState>
  );
};

const TaskDetail = ({ task }: { task: Task }) => {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { projectName, openCreate } = useTasksOutlet();
  const actions = useTaskActions();
  const open = task.status === 'open';
  const busy = actions.busy.has(task.id);

  const remove = async () => {
    if (!window.confirm(t('tasks.detail.delete-confirm', { title: task.title }))) return;
    try {
      const answer = await taskCalls.remove(task.id);
      showToast({ intent: 'success', message: serverText(answer.message) });
      queryClient.removeQueries({ queryKey: taskKeys.detail(task.id) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void navigate(task.parent ? `/tasks/${task.parent}` : '/tasks/list');
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('tasks.error.failed') });
    }
  };

  return (
    <div className="stramien-task-detail" data-testid="task-detail">
      <div className="stramien-task-detail__main">
        <div className="stramien-task-detail__title">
          {task.parent && (
            <Link to={`/tasks/${task.parent}`} className="bp6-text-small">
              {t('tasks.detail.to-parent')}
            </Link>
          )}
          <H4>
            <span className="bp6-text-muted">#{task.number}</span>{' '}
            <EditableText
              key={task.title}
              defaultValue={task.title}
              disabled={!open || busy}
              maxLength={TASK_TITLE_MAX}
              aria-label={t('tasks.field.title')}
              onConfirm={(title) => title.trim() && title !== task.title && void actions.update(task.id, { title })}
            />
          </H4>
          <div className="stramien-task-detail__actions">
            <StatusTag status={task.status} />
            <WorkflowJobLink task={task} />
            <ButtonGroup>
              {open ? (
                <>
                  <Button
                    text={t('tasks.action.close')}
                    intent="success"
                    loading={busy}
                    data-testid="task-close"
                    onClick={() => void actions.setStatus(task, 'closed')}
                  />
                  <Button
                    text={t('tasks.action.cancel-task')}
                    loading={busy}
                    data-testid="task-cancel"
                    onClick={() => void actions.setStatus(task, 'canceled')}
                  />
                </>
              ) : (
                <Button
                  text={t('tasks.action.reopen')}
                  intent="primary"
                  loading={busy}
                  data-testid="task-reopen"
                  onClick={() => void actions.setStatus(task, 'open')}
                />
              )}
              <Button icon={<TrashIcon />} aria-label={t('tasks.action.delete')} data-testid="task-delete" onClick={() => void remove()} />
            </ButtonGroup>
          </div>
        </div>
        <Block title={t('tasks.field.description')}>
          <EditableText
            key={task.description ?? ''}
            multiline
            minLines={2}
            defaultValue={task.description ?? ''}
            placeholder={t('tasks.detail.no-description')}
            disabled={!open || busy}
            maxLength={TASK_DESCRIPTION_MAX}
            onConfirm={(description) =>
              description !== (task.description ?? '') && void actions.update(task.id, { description: description || null })
            }
          />
        </Block>
        <Block title={t('tasks.detail.children')} testId="task-children-block">
          <TaskChildren taskId={task.id} />
          {open && (
            <Button
              variant="minimal"
              icon={<PlusIcon />}
              text={t('tasks.detail.add-child')}
              onClick={() =>
                openCreate({
                  projectId: task.project,
                  parentId: task.id,
                  onCreated: () => void queryClient.invalidateQueries({ queryKey: taskKeys.children(task.id) }),
                })
              }
            />
          )}
        </Block>
        <Checks task={task} actions={actions} />
        <Appendixes task={task} />
        <Relations task={task} actions={actions} />
        <Messages task={task} actions={actions} />
        <History task={task} />
      </div>
      <Properties task={task} actions={actions} projectName={projectName(task.project)} />
    </div>
  );
};

/** The 450 px sidebar: project, priority, assignee, schedule, labels and who made it. */
const Properties = ({ task, actions, projectName }: { task: Task; actions: Actions; projectName: string }) => {
  const { t } = useTranslation('tasks');
  const { licence } = useSession();
  const { dateTime } = useDateFormat();
  const labels = useQuery(taskLabelsQuery(licence?.id ?? '', task.project));
  const open = task.status === 'open';
  const busy = actions.busy.has(task.id);
  const onTask = (labels.data ?? []).filter((l) => task.labels.includes(l.id));
  const addable = (labels.data ?? []).filter((l) => !task.labels.includes(l.id));
  const Row = ({ label, children }: { label: string; children: ReactNode }) => (
    <div className="stramien-task-props__row">
      <span className="bp6-text-muted">{label}</span>
      <div>{children}</div>
    </div>
  );
  const dateField = (field: 'planned_start' | 'planned_end' | 'due') => (
    <input
      type="date"
      className="bp6-input bp6-small"
      aria-label={t(`tasks.column.${keyPart(field)}` as 'tasks.column.due')}
      data-testid={`task-${field}`}
      disabled={!open || busy}
      value={task[field]?.slice(0, 10) ?? ''}
      onChange={(e) => void actions.update(task.id, { [field]: e.target.value || null })}
    />
  );
  return (
    <aside className="stramien-task-props" style={{ width: 450 }} aria-label={t('tasks.detail.properties')}>
      <Row label={t('tasks.field.project')}>{projectName}</Row>
      <Row label={t('tasks.field.priority')}>
        <PrioritySelect
          value={task.priority}
          disabled={!open || busy}
          label={t('tasks.field.priority')}
          onChange={(priority) => void actions.update(task.id, { priority })}
        />
      </Row>
      <Row label={t('tasks.field.assignee')}>
        <AssigneeSelect
          projectId={task.project}
          value={task.assigned_to}
          disabled={!open || busy}
          label={t('tasks.field.assignee')}
          onChange={(assigned_to) => void actions.update(task.id, { assigned_to })}
        />
      </Row>
      <Row label={t('tasks.column.planned-start')}>{dateField('planned_start')}</Row>
      <Row label={t('tasks.column.planned-end')}>{dateField('planned_end')}</Row>
      <Row label={t('tasks.column.due')}>
        {dateField('due')} <RemainingTime due={task.due} done={!open} />
      </Row>
      <Row label={t('tasks.field.labels')}>
        <div className="stramien-task-props__labels" data-testid="task-labels">
          {onTask.map((label) => (
            <Tag
              key={label.id}
              style={{ background: label.color }}
              onRemove={open ? () => void actions.run(task.id, () => taskCalls.removeLabel(task.id, label.id)) : undefined}
            >
              {label.title}
            </Tag>
          ))}
          {open && addable.length > 0 && (
            <HTMLSelect
              minimal
              value=""
              aria-label={t('tasks.detail.add-label')}
              onChange={(e) => e.currentTarget.value && void actions.run(task.id, () => taskCalls.addLabel(task.id, e.currentTarget.value))}
              options={[{ value: '', label: t('tasks.detail.add-label') }, ...addable.map((l) => ({ value: l.id, label: l.title }))]}
            />
          )}
          {onTask.length === 0 && addable.length === 0 && <span className="bp6-text-muted">{t('tasks.labels.none')}</span>}
        </div>
      </Row>
      {task.sbscode && <Row label={t('tasks.field.sbscode')}>{task.sbscode}</Row>}
      <Row label={t('tasks.column.is-private')}>{task.is_private ? t('tasks.detail.yes') : t('tasks.detail.no')}</Row>
      <Row label={t('tasks.detail.created-by')}>
        <PersonName projectId={task.project} userId={task.created_by} /> · {dateTime(task.created_at)}
      </Row>
    </aside>
  );
};

const Checks = ({ task, actions }: { task: Task; actions: Actions }) => {
  const { t } = useTranslation('tasks');
  const [title, setTitle] = useState('');
  const open = task.status === 'open';
  const add = async () => {
    if (!title.trim()) return;
    if (await actions.run(task.id, () => taskCalls.addCheck(task.id, title.trim()))) setTitle('');
  };
  return (
    <Block title={t('tasks.detail.checks')} testId="task-checks">
      {task.checks.length === 0 && <p className="bp6-text-muted">{t('tasks.detail.no-checks')}</p>}
      {task.checks.map((check) => (
        <div key={check.id} className="stramien-task-detail__item">
          <Checkbox
            checked={check.checked}
            label={check.title}
            disabled={!open}
            onChange={(e) =>
              void actions.run(task.id, () => taskCalls.updateCheck(task.id, check.id, { checked: e.currentTarget.checked }))
            }
          />
          {open && (
            <Button
              variant="minimal"
              size="small"
              icon={<CrossIcon />}
              aria-label={t('tasks.action.remove')}
              onClick={() => void actions.run(task.id, () => taskCalls.removeCheck(task.id, check.id))}
            />
          )}
        </div>
      ))}
      {open && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <InputGroup
            size="small"
            value={title}
            maxLength={TASK_CHECK_TITLE_MAX}
            placeholder={t('tasks.detail.add-check')}
            aria-label={t('tasks.detail.add-check')}
            onValueChange={setTitle}
            rightElement={<Button type="submit" variant="minimal" icon={<PlusIcon />} aria-label={t('tasks.detail.add-check')} />}
          />
        </form>
      )}
    </Block>
  );
};

const Appendixes = ({ task }: { task: Task }) => {
  const { t } = useTranslation('tasks');
  const { dateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const actions = useTaskActions();
  const [uploading, setUploading] = useState(false);
  const open = task.status === 'open';
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const answer = await uploadAppendix(task.id, file);
      storeTask(queryClient, answer.data, answer.position);
      showToast({ intent: 'success', message: serverText(answer.message) });
    } catch (error) {
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('tasks.error.failed') });
    } finally {
      setUploading(false);
    }
  };
  const download = (appendix: Task['appendixes'][number]) =>
    downloadAppendix(task.id, appendix).catch((error: unknown) =>
      showToast({ intent: 'danger', message: serverMessage(error) ?? t('tasks.error.failed') }),
    );
  return (
    <Block title={t('tasks.detail.appendixes')} testId="task-appendixes">
      {task.appendixes.length === 0 && <p className="bp6-text-muted">{t('tasks.detail.no-appendixes')}</p>}
      <ul className="stramien-task-detail__list">
        {task.appendixes.map((appendix) => (
          <li key={appendix.id} className="stramien-task-detail__item" data-testid="task-appendix">
            <span>
              {appendix.name}{' '}
              <span className="bp6-text-muted bp6-text-small">
                {sizeOf(appendix.size)} · {dateTime(appendix.added_at)}
              </span>
            </span>
            <span>
              <Button
                variant="minimal"
                size="small"
                icon={<DownloadIcon />}
                aria-label={t('tasks.detail.download', { name: appendix.name })}
                onClick={() => void download(appendix)}
              />
              {open && (
                <Button
                  variant="minimal"
                  size="small"
                  icon={<TrashIcon />}
                  aria-label={t('tasks.detail.remove-appendix', { name: appendix.name })}
                  onClick={() => void actions.run(task.id, () => taskCalls.removeAppendix(task.id, appendix.id))}
                />
              )}
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <FileInput
          text={uploading ? t('tasks.detail.uploading') : t('tasks.detail.choose-file')}
          buttonText={t('tasks.detail.browse')}
          disabled={uploading}
          inputProps={
            { 'aria-label': t('tasks.detail.attach'), 'data-testid': 'task-attach' } as React.InputHTMLAttributes<HTMLInputElement>
          }
          onInputChange={(e) => {
            const input = e.currentTarget as HTMLInputElement;
            void upload(input.files?.[0]).then(() => (input.value = ''));
          }}
        />
      )}
    </Block>
  );
};

const Relations = ({ task, actions }: { task: Task; actions: Actions }) => {
  const { t } = useTranslation('tasks');
  const [kind, setKind] = useState<'predecessor' | 'successor'>('predecessor');
  const open = task.status === 'open';
  const candidates = useQuery({ ...taskPageQuery({ query: { 'filter[project]': task.project, sort: 'number' } }), enabled: open });
  const related = new Set(task.relations.map((r) => r.task));
  const options = (candidates.data?.data ?? []).filter((c) => c.id !== task.id && !related.has(c.id));
  return (
    <Block title={t('tasks.detail.relations')} testId="task-relations">
      {task.relations.length === 0 && <p className="bp6-text-muted">{t('tasks.detail.no-relations')}</p>}
      <ul className="stramien-task-detail__list">
        {task.relations.map((relation) => (
          <li key={`${relation.kind}-${relation.task}`} className="stramien-task-detail__item">
            <span>
              <Tag minimal>{t(`tasks.relation.${relation.kind}`)}</Tag>{' '}
              <Link to={`/tasks/${relation.task}`}>
                {relation.number !== undefined ? `#${relation.number} ${relation.title ?? ''}` : relation.task}
              </Link>
            </span>
            {open && (
              <Button
                variant="minimal"
                size="small"
                icon={<CrossIcon />}
                aria-label={t('tasks.action.remove')}
                onClick={() => void actions.run(task.id, () => taskCalls.removeRelation(task.id, relation.kind, relation.task))}
              />
            )}
          </li>
        ))}
      </ul>
      {open && options.length > 0 && (
        <div className="stramien-task-detail__add">
          <HTMLSelect
            minimal
            value={kind}
            aria-label={t('tasks.detail.relation-kind')}
            onChange={(e) => setKind(e.currentTarget.value as typeof kind)}
            options={TASK_RELATION_KINDS.map((k) => ({ value: k, label: t(`tasks.relation.${k}`) }))}
          />
          <HTMLSelect
            minimal
            value=""
            aria-label={t('tasks.detail.add-relation')}
            onChange={(e) =>
              e.currentTarget.value && void actions.run(task.id, () => taskCalls.addRelation(task.id, e.currentTarget.value, kind))
            }
            options={[
              { value: '', label: t('tasks.detail.add-relation') },
              ...options.map((c) => ({ value: c.id, label: `#${c.number} ${c.title}` })),
            ]}
          />
        </div>
      )}
    </Block>
  );
};

const Messages = ({ task, actions }: { task: Task; actions: Actions }) => {
  const { t } = useTranslation('tasks');
  const { dateTime } = useDateFormat();
  const [message, setMessage] = useState('');
  const post = async () => {
    if (!message.trim()) return;
    if (await actions.run(task.id, () => taskCalls.postMessage(task.id, message.trim()))) setMessage('');
  };
  return (
    <Block title={t('tasks.detail.messages')} testId="task-messages">
      {task.activities.length === 0 && <p className="bp6-text-muted">{t('tasks.detail.no-messages')}</p>}
      <ul className="stramien-task-detail__list">
        {task.activities.map((activity) => (
          <li key={activity.id} className="stramien-task-detail__message">
            <div className="bp6-text-small bp6-text-muted">
              <PersonName projectId={task.project} userId={activity.user_id} /> · {dateTime(activity.posted_at)}
            </div>
            <div>{activity.message}</div>
          </li>
        ))}
      </ul>
      <TextArea
        fill
        value={message}
        maxLength={TASK_MESSAGE_MAX}
        placeholder={t('tasks.detail.write-message')}
        aria-label={t('tasks.detail.write-message')}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Button text={t('tasks.detail.post')} disabled={!message.trim()} onClick={() => void post()} />
    </Block>
  );
};

const History = ({ task }: { task: Task }) => {
  const { t } = useTranslation('tasks');
  const { dateTime } = useDateFormat();
  const { licence } = useSession();
  const history = useQuery(taskHistoryQuery(task.id));
  const labels = useQuery(taskLabelsQuery(licence?.id ?? '', task.project));
  const people = useProjectPeople(task.project);
  const nameOf = (id: string) => people.find((p) => p.id === id)?.name ?? t('tasks.list.unknown-user');
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'assigned_to' || field === 'created_by') return nameOf(String(value));
    if (field === 'status') return t(`tasks.status.${String(value) as 'open'}`);
    if (field === 'priority') return t(`tasks.priority.${String(value) as 'low'}`);
    if (field === 'labels') return labels.data?.find((l) => l.id === value)?.title ?? '…';
    if (typeof value !== 'object') return String(value);
    // a check ({title}) or a relation ({taskId, kind}) as the event recorded it
    const part = value as { title?: unknown; kind?: unknown; taskId?: unknown };
    if (typeof part.title === 'string') return part.title;
    if (part.kind === 'predecessor' || part.kind === 'successor') return t(`tasks.relation.${part.kind}`);
    return '';
  };
  return (
    <Block title={t('tasks.detail.history')} testId="task-history">
      <QueryState query={history}>
        {(entries) => (
          <ul className="stramien-task-detail__list">
            {[...entries].reverse().map((entry) => (
              <li key={entry.id} className="stramien-task-detail__message">
                <div className="bp6-text-small bp6-text-muted">
                  {nameOf(entry.user_id)} · {dateTime(entry.at)}
                </div>
                <div>
                  {t(`tasks.history.${keyPart(entry.action)}` as 'tasks.history.task-created', { defaultValue: entry.action })}
                  {entry.changes.map((change) => (
                    <div key={change.field} className="bp6-text-small">
                      {t(`tasks.column.${keyPart(change.field)}` as 'tasks.column.due', { defaultValue: change.field })}:{' '}
                      {'from' in change ? `${show(change.field, change.from)} → ` : ''}
                      {show(change.field, change.to)}
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Block>
  );
};
