import { Button, Card, H3, H5, NonIdealState, Tag } from '@blueprintjs/core';
import { AddIcon, ArrowLeftIcon, EditIcon, ErrorIcon, GraphIcon, NewObjectIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import type { BuilderWorkflow, GraphProblemView } from '@stramien/api';
import { validateGraph, type GraphProblem, type NodePosition, type VersionChanges } from '@stramien/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useShellCan } from '../../../app/shellPermissions';
import { serverMessage } from '../../../shared/apiErrors';
import { QueryState } from '../../../shared/QueryState';
import { showToast } from '../../../shared/toaster';
import { COLUMN_GAP, NODE_WIDTH } from '../shared/layout';
import { BuilderCanvas, type BuilderCanvasHandle } from './components/BuilderCanvas/BuilderCanvas';
import { NewBlockDialog } from './components/NewBlockDialog/NewBlockDialog';
import { ProblemsList } from './components/ProblemsList/ProblemsList';
import { PublishDialog } from './components/PublishDialog/PublishDialog';
import {
  afterPublish,
  builderCalls,
  graphOf,
  publishPreviewQuery,
  updateDraft,
  withBlock,
  withLink,
  withNode,
  withoutBlock,
  withoutLink,
  withoutNode,
  workflowQuery,
} from './queries';
import { NotAllowed } from './WorkflowsPage';
import './builder.css';

/** How many node moves "Tidy" sends at a time. */
const MOVES_AT_ONCE = 4;

const problemOf = (view: GraphProblemView): GraphProblem => ({
  key: view.key,
  message: view.message,
  nodeIds: view.node_ids,
  linkIds: view.link_ids,
  blockIds: view.block_ids,
});

/** The title of a screen whose workflow or block cannot be loaded (spec 2 §8), with the server's message under it. */
export const LoadFailed = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('workflows');
  return (
    <NonIdealState
      icon={<ErrorIcon size={48} />}
      title={t('workflows.builder.load-failed')}
      description={serverMessage(error) ?? undefined}
      action={<BackToWorkflows />}
    />
  );
};

const BackToWorkflows = () => {
  const { t } = useTranslation('workflows');
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftIcon />} text={t('workflows.builder-canvas.back')} onClick={() => void navigate('/workflow-management')} />
  );
};

/**
 * /workflow-management/builder/{workflowId} (spec 2 §2): the draft on a React Flow canvas with its blocks and
 * problems beside it; add blocks and nodes, drag to link, delete, tidy, publish (docs/workflows.md "Screens as built").
 */
export const BuilderPage = () => {
  const can = useShellCan();
  const { workflowId = '' } = useParams();
  const workflow = useQuery({ ...workflowQuery(workflowId), enabled: can('admin') });
  if (!can('admin')) return <NotAllowed />;
  return (
    <div className="stramien-page stramien-builder" data-testid="builder-page">
      {workflow.isError ? (
        <LoadFailed error={workflow.error} />
      ) : (
        <QueryState query={workflow}>
          {(data) => (
            <ReactFlowProvider>
              <Builder workflow={data} />
            </ReactFlowProvider>
          )}
        </QueryState>
      )}
    </div>
  );
};

const Builder = ({ workflow }: { workflow: BuilderWorkflow }) => {
  const { t } = useTranslation('workflows');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canvas = useRef<BuilderCanvasHandle>(null);
  const [creatingBlock, setCreatingBlock] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [selection, setSelection] = useState<{ nodeIds: string[]; linkIds: string[] }>({ nodeIds: [], linkIds: [] });
  const id = workflow.id;

  const graph = useMemo(() => graphOf(workflow), [workflow]);
  const problems = useMemo(() => validateGraph(graph), [graph]);
  const blockNames = useMemo(
    () => new Map(workflow.blocks.map((b) => [b.id, b.name ?? t('workflows.builder-kind.unconfigured')])),
    [workflow.blocks, t],
  );
  const hasStart = workflow.nodes.some((n) => n.start);
  const lastVersion = workflow.version;

  const failed = (error: unknown) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('workflows.builder-canvas.failed') });
  // every change of the draft: the calls in order, each answer into the held draft, a refusal as a toast
  const { mutate: change } = useMutation({ mutationFn: async (run: () => Promise<void>) => run(), onError: failed });

  /** a new node goes right of the right-most node, at its height (the first at the origin) */
  const nextPlace = (): NodePosition => {
    const placed = workflow.nodes.flatMap((n) => (n.position ? [n.position] : []));
    if (placed.length === 0) return { x: 0, y: 0 };
    const right = placed.reduce((a, b) => (b.x > a.x ? b : a));
    return { x: right.x + NODE_WIDTH + COLUMN_GAP, y: right.y };
  };

  const addNode = (blockId: string) =>
    change(async () => {
      const place = nextPlace();
      const answer = await builderCalls.addNode(id, blockId, !hasStart, place);
      updateDraft(queryClient, id, withNode(answer.data), answer.position);
      // it goes right of the others, maybe out of view: the view follows it
      canvas.current?.reveal(place);
    });
  const deleteBlock = (blockId: string) =>
    change(async () => {
      const answer = await builderCalls.deleteBlock(id, blockId);
      updateDraft(queryClient, id, withoutBlock(blockId), answer.position);
    });

  const onConnect = useCallback(
    (from: string, to: string) =>
      change(async () => {
        const answer = await builderCalls.addLink(id, from, to);
        updateDraft(queryClient, id, withLink(answer.data), answer.position);
      }),
    [change, id, queryClient],
  );
  const onDelete = useCallback(
    ({ nodeIds, linkIds }: { nodeIds: string[]; linkIds: string[] }) =>
      change(async () => {
        for (const linkId of linkIds) {
          const answer = await builderCalls.deleteLink(id, linkId);
          updateDraft(queryClient, id, withoutLink(linkId), answer.position);
        }
        for (const nodeId of nodeIds) {
          const answer = await builderCalls.deleteNode(id, nodeId);
          updateDraft(queryClient, id, withoutNode(nodeId), answer.position);
        }
      }),
    [change, id, queryClient],
  );
  const onMoved = useCallback(
    (moves: { nodeId: string; position: NodePosition }[]) =>
      change(async () => {
        const queue = [...moves];
        const worker = async () => {
          for (let move = queue.shift(); move; move = queue.shift()) {
            const answer = await builderCalls.moveNode(id, move.nodeId, move.position);
            updateDraft(queryClient, id, withNode(answer.data), answer.position);
          }
        };
        await Promise.all(Array.from({ length: MOVES_AT_ONCE }, worker));
      }),
    [change, id, queryClient],
  );
  const onOpen = useCallback(
    (nodeId: string) => {
      const node = workflow.nodes.find((n) => n.id === nodeId);
      if (node) void navigate(`/workflow-management/builder/${id}/${node.block}`);
    },
    [workflow.nodes, navigate, id],
  );

  return (
    <>
      <div className="stramien-builder__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.builder-canvas.back')}
          onClick={() => void navigate('/workflow-management')}
        />
        <H3 data-testid="builder-title">{workflow.name}</H3>
        <Tag minimal intent={lastVersion > 0 ? 'success' : 'none'} data-testid="builder-version">
          {lastVersion > 0
            ? t('workflows.builder-canvas.last-version', { version: lastVersion })
            : t('workflows.builder-canvas.not-published')}
        </Tag>
        <div className="stramien-builder__header-actions">
          {selection.nodeIds.length + selection.linkIds.length > 0 && (
            <Button
              icon={<TrashIcon />}
              intent="danger"
              text={t('workflows.builder-canvas.delete-selection')}
              data-testid="delete-selection"
              onClick={() => onDelete(selection)}
            />
          )}
          <Button
            icon={<GraphIcon />}
            text={t('workflows.builder-canvas.tidy')}
            disabled={workflow.nodes.length === 0}
            data-testid="tidy"
            onClick={() => canvas.current?.tidy()}
          />
          <Button
            intent="primary"
            icon={<UploadIcon />}
            text={t('workflows.builder-canvas.publish')}
            data-testid="publish"
            onClick={() => setPublishing(true)}
          />
        </div>
      </div>
      <div className="stramien-builder__body">
        <div className="stramien-builder__side">
          <Card compact data-testid="builder-blocks">
            <H5>
              {t('workflows.builder-canvas.blocks')}
              <Button
                size="small"
                icon={<NewObjectIcon />}
                text={t('workflows.builder-canvas.new-block')}
                data-testid="new-block"
                onClick={() => setCreatingBlock(true)}
              />
            </H5>
            {workflow.blocks.length === 0 && <p className="bp6-text-muted">{t('workflows.builder-canvas.no-blocks')}</p>}
            <ul className="stramien-builder__blocks">
              {workflow.blocks.map((block) => {
                const name = blockNames.get(block.id) ?? '';
                return (
                  <li key={block.id} className="stramien-builder__block" data-testid="builder-block" data-block-id={block.id}>
                    <span className="stramien-builder__block-name">
                      {name}
                      <span className="stramien-builder__block-meta">
                        {t(
                          block.kind === null
                            ? 'workflows.builder-kind.unconfigured'
                            : block.kind === 'manual'
                              ? 'workflows.builder-kind.manual'
                              : 'workflows.builder-kind.automated',
                        )}
                        {' · '}
                        {t('workflows.builder-canvas.node-count', { count: block.nodes.length })}
                      </span>
                    </span>
                    <Button
                      variant="minimal"
                      icon={<AddIcon />}
                      aria-label={t(hasStart ? 'workflows.builder-canvas.add-node' : 'workflows.builder-canvas.add-start', { name })}
                      title={t(hasStart ? 'workflows.builder-canvas.add-node' : 'workflows.builder-canvas.add-start', { name })}
                      data-testid="add-node"
                      onClick={() => addNode(block.id)}
                    />
                    <Button
                      variant="minimal"
                      icon={<EditIcon />}
                      aria-label={t('workflows.builder-canvas.edit-block', { name })}
                      title={t('workflows.builder-canvas.edit-block', { name })}
                      data-testid="edit-block"
                      onClick={() => void navigate(`/workflow-management/builder/${id}/${block.id}`)}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon={<TrashIcon />}
                      aria-label={t('workflows.builder-canvas.delete-block', { name })}
                      title={t('workflows.builder-canvas.delete-block', { name })}
                      disabled={block.nodes.length > 0}
                      data-testid="delete-block"
                      onClick={() => deleteBlock(block.id)}
                    />
                  </li>
                );
              })}
            </ul>
          </Card>
          <Card compact data-testid="builder-problems">
            <H5>{t('workflows.builder-canvas.problems')}</H5>
            <ProblemsList problems={problems} onShow={(problem) => canvas.current?.focus(problem.nodeIds)} />
          </Card>
        </div>
        <div className="stramien-builder__canvas">
          <p className="stramien-builder__hint">{t('workflows.builder-canvas.hint')}</p>
          <BuilderCanvas
            ref={canvas}
            graph={graph}
            blockNames={blockNames}
            problems={problems}
            editable
            onConnect={onConnect}
            onDelete={onDelete}
            onSelect={setSelection}
            onMoved={onMoved}
            onOpen={onOpen}
          />
        </div>
      </div>
      {creatingBlock && (
        <NewBlockDialog
          workflowId={id}
          onClose={() => setCreatingBlock(false)}
          onCreated={(block, position) => {
            updateDraft(queryClient, id, withBlock(block), position);
            setCreatingBlock(false);
          }}
        />
      )}
      {publishing && <Publish workflow={workflow} onClose={() => setPublishing(false)} />}
    </>
  );
};

/** The publish dialog, fed by the server's dry run (GET …/publish): next version, changes, problems. */
const Publish = ({ workflow, onClose }: { workflow: BuilderWorkflow; onClose: () => void }) => {
  const { t } = useTranslation('workflows');
  const queryClient = useQueryClient();
  const preview = useQuery(publishPreviewQuery(workflow.id));
  const publish = useMutation({
    mutationFn: () => builderCalls.publish(workflow.id),
    onSuccess: (answer) => {
      afterPublish(queryClient, workflow.id, answer.position);
      showToast({ intent: 'success', message: t('workflows.builder-publish.done', { version: answer.data.version }) });
      onClose();
    },
  });
  const blockName = (blockId: string) => workflow.blocks.find((b) => b.id === blockId)?.name ?? blockId.slice(0, 8);
  const nodeName = (nodeId: string) => {
    const node = workflow.nodes.find((n) => n.id === nodeId);
    return node ? blockName(node.block) : nodeId.slice(0, 8);
  };
  const nameOf = (kind: keyof VersionChanges, itemId: string) => {
    if (kind === 'blocks') return blockName(itemId);
    if (kind === 'nodes') return nodeName(itemId);
    const link = workflow.links.find((l) => l.id === itemId);
    return link ? `${nodeName(link.previous_node)} → ${nodeName(link.node)}` : itemId.slice(0, 8);
  };
  const data = preview.data;
  return (
    <PublishDialog
      preview={data ? { version: data.version, changes: data.changes, problems: data.problems.map(problemOf) } : null}
      nameOf={nameOf}
      pending={publish.isPending}
      error={publish.error ?? preview.error}
      onPublish={() => publish.mutate()}
      onClose={onClose}
    />
  );
};
