import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUILDER_PER_PAGE_DEFAULT, builderRoutes } from '@stramien/api';
import {
  diffVersions,
  DomainError,
  isLiveWorkflow,
  isUnchanged,
  toBlockConfigFile,
  toWorkflowStreamId,
  versionGraphOf,
  workflowDecider,
  workflowMessages,
  workflowSchemas,
  type Actor,
  type WorkflowEvent,
  type WorkflowState,
} from '@stramien/domain';
import { WORKFLOWS_COLLECTION, workflowDocOf, workflowNameKey, type PositionedDoc, type WorkflowDoc } from '@stramien/projections';
import { escapeRegex } from '@stramien/projections/tables/recordFilters';
import { addRoute } from '../../plugins/route';
import { actorOf } from '../../plugins/auth';
import { createCommandHandler } from '../../pipeline/commandHandler';
import { authoriseLicence, loadLicenceAccess } from '../../access/licenceAccess';
import { pageMeta } from '../tasks/taskQueries';
import {
  blockDocumentId,
  toBlockView,
  toGraphView,
  toLinkView,
  toNodeView,
  toValidation,
  toVersionSummary,
  toWorkflowSummary,
  toWorkflowView,
  type WorkflowSummaryDoc,
} from './builderViews';

const workflowNotFound = () => new DomainError(workflowMessages.notFound, 404);

/**
 * The workflow builder (spec 2 §7 "Workflow builder", docs/workflows.md "Builder API as built"): licence admins of
 * the workflow's licence and system admins. Commands load the workflow's stream (404 for an unknown workflow or one
 * of a licence the user is not in, 403 for a user of the licence who is not its admin), decide on the domain's
 * `decideWorkflow` and answer from the `workflows` read model's document (settled) or, when the read model lags, the
 * same document built from the folded state. Reads answer from the read model; a version's frozen graph is read from
 * its `WorkflowPublished` event.
 */
export const registerBuilderRoutes = (app: FastifyInstance): void => {
  const { deps } = app;
  const workflows = deps.adapters.documentStore.collection<WorkflowDoc>(WORKFLOWS_COLLECTION);
  const handle = createCommandHandler(app, { decider: workflowDecider, schemas: workflowSchemas, toStreamId: toWorkflowStreamId });

  /** the builder's actor in a licence: 404 outside it, 403 for a user who is not its admin */
  const builderActor = async (request: FastifyRequest, licenceId: string, missing?: () => DomainError): Promise<Actor> => {
    const access = await loadLicenceAccess(deps, request, licenceId).catch((e: unknown) => {
      throw missing && e instanceof DomainError && e.status === 404 ? missing() : e;
    });
    authoriseLicence(access, 'admin');
    return access.actor;
  };

  /** a live workflow folded from its stream, with the builder's actor in its licence */
  const managed = async (request: FastifyRequest, workflowId: string): Promise<{ state: WorkflowState; actor: Actor }> => {
    const state = await handle.load(workflowId);
    if (!isLiveWorkflow(state)) throw workflowNotFound();
    return { state, actor: await builderActor(request, state.licenceId, workflowNotFound) };
  };

  /** a live workflow's read-model document, for a reader who may use the builder in its licence */
  const readable = async (request: FastifyRequest, workflowId: string): Promise<WorkflowDoc> => {
    const doc = await workflows.findOne({ _id: workflowId });
    if (!doc) throw workflowNotFound();
    await builderActor(request, doc.licenceId, workflowNotFound);
    return doc;
  };

  const nameTaken = async (licenceId: string, name: string, except?: string): Promise<boolean> => {
    const same = await workflows.findOne({ licenceId, nameKey: workflowNameKey(name) }, { projection: { _id: 1 } });
    return same !== null && same._id !== except;
  };

  type Decided = Awaited<ReturnType<typeof handle>>;
  /** the workflow as the command left it: the read model's document once it has the command's events */
  const docAfter = async (result: Decided): Promise<WorkflowDoc> => {
    const doc = (await workflows.findOne({ _id: result.state.workflowId })) as (WorkflowDoc & Partial<PositionedDoc>) | null;
    if (doc && (doc._position ?? 0) >= result.position) return doc;
    const published = result.events.find((e): e is Extract<WorkflowEvent, { type: 'WorkflowPublished' }> => e.type === 'WorkflowPublished');
    return workflowDocOf(result.state, doc, deps.clock().toISOString(), published);
  };

  const decide = (request: FastifyRequest, loaded: { state: WorkflowState; actor: Actor }, command: Parameters<typeof handle>[2]) =>
    handle(request, loaded.state.workflowId, command, { actor: loaded.actor });

  addRoute(app, builderRoutes.list, async ({ query, request }) => {
    const licenceId = query?.license ?? actorOf(request).licenceId;
    await builderActor(request, licenceId);
    const filter: Record<string, unknown> = { licenceId };
    const search = query?.search?.trim().toLocaleLowerCase();
    if (search) filter.nameKey = { $regex: escapeRegex(search) };
    const page = query?.page ?? 1;
    const perPage = query?.per_page ?? BUILDER_PER_PAGE_DEFAULT;
    const [total, docs] = await Promise.all([
      workflows.count(filter),
      workflows.find(filter, {
        sort: { nameKey: 1, _id: 1 },
        skip: (page - 1) * perPage,
        limit: perPage,
        projection: { draft: 0, lastVersion: 0 },
      }),
    ]);
    return { data: (docs as WorkflowSummaryDoc[]).map(toWorkflowSummary), meta: pageMeta(page, perPage, total) };
  });

  addRoute(app, builderRoutes.create, async ({ body, request }) => {
    const licenceId = body.license ?? actorOf(request).licenceId;
    const actor = await builderActor(request, licenceId);
    const workflowId = body.id ?? randomUUID();
    const result = await handle(
      request,
      workflowId,
      { type: 'CreateWorkflow', data: { workflowId, licenceId, name: body.name, nameTaken: await nameTaken(licenceId, body.name) } },
      { actor },
    );
    return { data: toWorkflowView(await docAfter(result)), position: result.position };
  });

  addRoute(app, builderRoutes.get, async ({ params, request }) => ({ data: toWorkflowView(await readable(request, params.id)) }));

  addRoute(app, builderRoutes.rename, async ({ params, body, request }) => {
    const loaded = await managed(request, params.id);
    const taken = await nameTaken(loaded.state.licenceId, body.name, params.id);
    const result = await decide(request, loaded, { type: 'RenameWorkflow', data: { name: body.name, nameTaken: taken } });
    return { data: toWorkflowView(await docAfter(result)), position: result.position };
  });

  addRoute(app, builderRoutes.delete, async ({ params, request }) => {
    const result = await decide(request, await managed(request, params.id), { type: 'DeleteWorkflow', data: {} });
    return { position: result.position };
  });

  // blocks

  addRoute(app, builderRoutes.blocks, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: toGraphView(doc._id, doc.draft).blocks };
  });

  /** the draft's block, or 404 */
  const blockOf = (doc: Pick<WorkflowDoc, 'draft'>, blockId: string) => {
    const block = doc.draft.blocks.find((b) => b.blockId === blockId);
    if (!block) throw new DomainError(workflowMessages.blockNotFound, 404);
    return block;
  };
  const blockAnswer = (state: WorkflowState, blockId: string) => toBlockView(state.workflowId, blockOf(state, blockId), state.draft.nodes);

  addRoute(app, builderRoutes.addBlock, async ({ params, body, request }) => {
    const blockId = body.id ?? randomUUID();
    const data = { blockId, ...(body.file !== undefined ? { file: body.file } : {}) };
    const result = await decide(request, await managed(request, params.id), { type: 'AddWorkflowBlock', data });
    return { data: blockAnswer(result.state, blockId), position: result.position };
  });

  addRoute(app, builderRoutes.getBlock, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: toBlockView(doc._id, blockOf(doc, params.blockId), doc.draft.nodes) };
  });

  addRoute(app, builderRoutes.configureBlock, async ({ params, body, request }) => {
    const command = { type: 'ConfigureWorkflowBlock' as const, data: { blockId: params.blockId, file: body.file } };
    const result = await decide(request, await managed(request, params.id), command);
    return { data: blockAnswer(result.state, params.blockId), position: result.position };
  });

  addRoute(app, builderRoutes.deleteBlock, async ({ params, request }) => {
    const command = { type: 'RemoveWorkflowBlock' as const, data: { blockId: params.blockId } };
    const result = await decide(request, await managed(request, params.id), command);
    return { position: result.position };
  });

  addRoute(app, builderRoutes.blockDocument, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    const block = blockOf(doc, params.blockId);
    if (block.config === null || params.documentId !== blockDocumentId(doc._id, block.blockId))
      throw new DomainError(workflowMessages.blockNotFound, 404);
    const file = toBlockConfigFile(block.config);
    return {
      data: {
        id: params.documentId,
        filename: `${block.blockId}.json`,
        content_type: 'application/json' as const,
        file,
        configuration: block.config,
      },
    };
  });

  // links

  addRoute(app, builderRoutes.links, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: doc.draft.links.map(toLinkView) };
  });

  addRoute(app, builderRoutes.addLink, async ({ params, body, request }) => {
    const linkId = body.id ?? randomUUID();
    const command = { type: 'AddWorkflowLink' as const, data: { linkId, from: body.previous_node, to: body.node } };
    const result = await decide(request, await managed(request, params.id), command);
    return { data: toLinkView(result.state.draft.links.find((l) => l.linkId === linkId)!), position: result.position };
  });

  addRoute(app, builderRoutes.deleteLink, async ({ params, request }) => {
    const command = { type: 'RemoveWorkflowLink' as const, data: { linkId: params.linkId } };
    const result = await decide(request, await managed(request, params.id), command);
    return { position: result.position };
  });

  // nodes

  addRoute(app, builderRoutes.nodes, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: doc.draft.nodes.map(toNodeView) };
  });

  const nodeAnswer = (state: WorkflowState, nodeId: string) => {
    const node = state.draft.nodes.find((n) => n.nodeId === nodeId);
    if (!node) throw new DomainError(workflowMessages.nodeNotFound, 404);
    return toNodeView(node);
  };

  addRoute(app, builderRoutes.addNode, async ({ params, body, request }) => {
    const nodeId = body.id ?? randomUUID();
    const data = { nodeId, blockId: body.block, start: body.type === 'start', ...(body.position ? { position: body.position } : {}) };
    const result = await decide(request, await managed(request, params.id), { type: 'AddWorkflowNode', data });
    return { data: nodeAnswer(result.state, nodeId), position: result.position };
  });

  addRoute(app, builderRoutes.moveNode, async ({ params, body, request }) => {
    const command = { type: 'MoveWorkflowNode' as const, data: { nodeId: params.nodeId, position: body.position } };
    const result = await decide(request, await managed(request, params.id), command);
    return { data: nodeAnswer(result.state, params.nodeId), position: result.position };
  });

  addRoute(app, builderRoutes.deleteNode, async ({ params, request }) => {
    const command = { type: 'RemoveWorkflowNode' as const, data: { nodeId: params.nodeId } };
    const result = await decide(request, await managed(request, params.id), command);
    return { position: result.position };
  });

  // validation, publishing and versions

  addRoute(app, builderRoutes.validation, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: toValidation(doc.draft) };
  });

  addRoute(app, builderRoutes.publishPreview, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    const validation = toValidation(doc.draft);
    const changes = diffVersions(doc.lastVersion, versionGraphOf(doc.draft));
    const changed = doc.lastVersion === null || !isUnchanged(changes);
    return { data: { ...validation, version: doc.version + 1, changes, changed, can_publish: validation.valid && changed } };
  });

  addRoute(app, builderRoutes.publish, async ({ params, request }) => {
    const loaded = await managed(request, params.id);
    const result = await decide(request, loaded, { type: 'PublishWorkflow', data: {} });
    const changes = diffVersions(loaded.state.published, result.state.published!);
    return { data: { version: result.state.version, changes }, position: result.position };
  });

  addRoute(app, builderRoutes.versions, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    return { data: [...doc.versions].reverse().map(toVersionSummary) };
  });

  addRoute(app, builderRoutes.version, async ({ params, request }) => {
    const doc = await readable(request, params.id);
    const summary = doc.versions.find((v) => v.version === params.version);
    if (!summary) throw new DomainError(workflowMessages.versionNotPublished, 404);
    const recorded = await deps.adapters.eventStore.readStream(toWorkflowStreamId(doc._id));
    const event = recorded
      .map((r) => ({ type: r.type, data: r.data }) as WorkflowEvent)
      .find((e) => e.type === 'WorkflowPublished' && e.data.version === params.version);
    if (event?.type !== 'WorkflowPublished') throw new DomainError(workflowMessages.versionNotPublished, 404);
    return { data: { ...toVersionSummary(summary), ...toGraphView(doc._id, event.data.graph) } };
  });
};
