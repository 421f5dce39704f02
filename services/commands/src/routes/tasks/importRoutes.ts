import type { FastifyInstance, FastifyRequest } from 'fastify';
import { taskPartRoutes } from '@stramien/api';
import {
  derivedId,
  DomainError,
  taskMessages,
  validateTaskImportChunk,
  type Actor,
  type ImportedTask,
  type TaskImportContext,
  type TaskImportRow,
} from '@stramien/domain';
import type { LabelDoc } from '@stramien/projections';
import type { ProjectDoc } from '@stramien/projections/projects/projects';
import type { UserDoc } from '@stramien/projections/identity/users';
import { addRoute } from '../../plugins/route';
import { actorOf } from '../../plugins/auth';
import { PROJECTS_COLLECTION, requireProjectAccess } from '../../plugins/permissionSubject';
import { loadLicenceAccess } from '../../access/licenceAccess';
import { projectNotFound } from '../../access/projectAccess';
import { userCanSeeProject } from '../../access/taskAccess';
import { takeTaskNumbers, taskCommandsOf } from './taskCommands';

/**
 * The id of the task an import row becomes: a name-based uuid (`derivedId`) of the licence, the importer,
 * the import id and the row's number in the file. A retried chunk names the same tasks, so it finds those it created
 * before a crash instead of creating them again; another user or licence can never name them.
 */
export const importedTaskId = (licenceId: string, userId: string, importId: string, row: number): string =>
  derivedId('task-import', licenceId, userId, importId, String(row));

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
};

/**
 * `POST /tasks-import {tasks}` (spec 1 §7, §9): one chunk of at most 50 rows of an import file. The chunk is all or
 * nothing: every row is checked first (`validateTaskImportChunk`) against what is read once for the chunk — the
 * projects the importer may use, the assignees named (by id or e-mail) with the projects they see, the licence's
 * labels — and one bad row refuses the chunk with 422, the rows' errors keyed `tasks.<row>.<field>` (rows numbered
 * from the start of the file: `offset` + index), appending nothing. Exactly once under retries: each row's task id is
 * `importedTaskId(licence, importer, import, row)`, and a task that exists already is answered, not created again.
 */
export const registerTaskImportRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const { documentStore, eventStore } = deps.adapters;
  const projects = documentStore.collection<ProjectDoc>(PROJECTS_COLLECTION);
  const users = documentStore.collection<UserDoc>('users');
  const labels = documentStore.collection<LabelDoc>('labels');
  const commands = taskCommandsOf(app);

  /** The chunk's context: only the projects and users its rows name are read. */
  const readContext = async (
    request: FastifyRequest,
    licenceId: string,
    rows: TaskImportRow[],
    fixedProject: string | undefined,
  ): Promise<TaskImportContext> => {
    const projectRefs = new Set<string>(
      fixedProject ? [fixedProject] : rows.map((r) => text(r.project)).filter((p): p is string => p !== null),
    );
    const visible = new Map<string, ProjectDoc>();
    for (const projectId of projectRefs) {
      const access = await requireProjectAccess(deps, request, projectId, 'project').catch((e: unknown) => {
        // a project the importer may not see is an unknown one for the row
        if (e instanceof DomainError) return null;
        throw e;
      });
      if (access && access.project.licenceId === licenceId) visible.set(projectId, access.project);
    }
    const userMap = new Map<string, { userId: string; projectIds: ReadonlySet<string> }>();
    const userRefs = new Set(rows.map((r) => text(r.assigned_to)).filter((u): u is string => u !== null));
    for (const ref of userRefs) {
      const user =
        (await users.findOne({ _id: ref, 'licences.id': licenceId })) ??
        (await users.findOne({ email: ref.toLowerCase(), 'licences.id': licenceId }));
      if (!user || user.disabled) continue;
      const sees = new Set<string>();
      for (const project of visible.values()) if (await userCanSeeProject(deps, user._id, project)) sees.add(project._id);
      const entry = { userId: user._id, projectIds: sees };
      userMap.set(ref, entry);
      userMap.set(ref.toLowerCase(), entry);
    }
    const labelMap = new Map<string, { labelId: string; projectId: string | null }>();
    for (const label of await labels.find({ licenceId })) {
      const entry = { labelId: label._id, projectId: label.projectId };
      labelMap.set(label._id, entry);
      if (!labelMap.has(label.title.toLowerCase())) labelMap.set(label.title.toLowerCase(), entry);
    }
    return { projectIds: new Set(visible.keys()), users: userMap, labels: labelMap, ...(fixedProject ? { projectId: fixedProject } : {}) };
  };

  /** Creates one row's task with the number taken for it, or finds it created by an earlier try of the same chunk. */
  const createRow = async (request: FastifyRequest, actor: Actor, taskId: string, task: ImportedTask, number: number) => {
    try {
      const result = await commands.create(request, { ...task, taskId, licenceId: actor.licenceId, parentId: null }, actor, {
        settle: false,
        number,
      });
      return { id: taskId, number: result.state.number, position: result.position };
    } catch (e) {
      // a concurrent try of the same chunk created it first
      const now = await commands.handle.load(taskId);
      if (e instanceof DomainError && e.status === 409 && now.exists && now.createdBy === actor.userId) {
        return { id: taskId, number: now.number, position: 0 };
      }
      throw e;
    }
  };

  /**
   * The chunk's tasks: those an earlier try created are found; the others take their numbers per project in one
   * append each (row order) and are created side by side, so their appends share the event store's group commit.
   */
  const createChunk = async (request: FastifyRequest, actor: Actor, ids: string[], tasks: ImportedTask[]) => {
    const states = await Promise.all(ids.map((id) => commands.handle.load(id)));
    const numbers = new Map<string, number>();
    const missing = new Map<string, string[]>();
    ids.forEach((id, i) => {
      if (states[i]!.exists) numbers.set(id, states[i]!.number);
      else missing.set(tasks[i]!.projectId, [...(missing.get(tasks[i]!.projectId) ?? []), id]);
    });
    const now = deps.clock().toISOString();
    for (const [projectId, taskIds] of missing) {
      const taken = await takeTaskNumbers(eventStore, projectId, taskIds, actor, now);
      taskIds.forEach((id, i) => numbers.set(id, taken[i]!));
    }
    return Promise.all(
      ids.map((id, i) =>
        states[i]!.exists ? { id, number: states[i]!.number, position: 0 } : createRow(request, actor, id, tasks[i]!, numbers.get(id)!),
      ),
    );
  };

  addRoute(app, taskPartRoutes.import, async ({ body, request }) => {
    const licenceId = body.license ?? actorOf(request).licenceId;
    const { actor } = await loadLicenceAccess(deps, request, licenceId);
    if (body.project) {
      const project = await projects.findOne({ _id: body.project });
      if (!project || project.licenceId !== licenceId) throw projectNotFound();
      await requireProjectAccess(deps, request, body.project, 'project');
    }
    const rows = body.tasks as TaskImportRow[];
    const checked = validateTaskImportChunk(rows, await readContext(request, licenceId, rows, body.project), body.offset);
    if (!checked.ok) {
      const errors: Record<string, string[]> = {};
      for (const row of checked.rows)
        for (const [field, list] of Object.entries(row.errors)) if (list) errors[`tasks.${row.row}.${field}`] = list;
      throw new DomainError(checked.message, 422, errors);
    }
    const ids = checked.tasks.map((_, i) => importedTaskId(licenceId, actor.userId, body.import, body.offset + i));
    const created = await createChunk(request, actor, ids, checked.tasks);
    // one wait for the read models after the whole chunk, not one per row
    const position = Math.max(0, ...created.map((c) => c.position));
    if (position > 0) await app.projectionWait.waitFor(position, app.minPositionWaitMs);
    return { message: taskMessages.imported, data: created.map(({ id, number }) => ({ id, number })), position };
  });
};
