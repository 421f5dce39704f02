import { Button, H3 } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import type { BuilderWorkflow } from '@stramien/api';
import type { BlockConfig } from '@stramien/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useShellCan } from '../../../app/shellPermissions';
import { QueryState } from '../../../shared/QueryState';
import { jobReferences, newBlockConfig } from './blockDrafts';
import { LoadFailed } from './BuilderPage';
import { BlockEditor } from './components/BlockEditor/BlockEditor';
import { builderCalls, graphOf, updateDraft, withBlock, workflowQuery } from './queries';
import { NotAllowed } from './WorkflowsPage';
import './builder.css';

/**
 * /workflow-management/builder/{workflowId}/{blockId} (spec 2 §2): a block's configuration — panels of typed fields
 * (manual) or an action (automated) — with the saved flag of spec 2 §4. A workflow or block that cannot be loaded
 * shows 'Something went wrong while fetching nodeId data' (spec 2 §8).
 */
export const BlockEditorPage = () => {
  const can = useShellCan();
  const { workflowId = '' } = useParams();
  const workflow = useQuery({ ...workflowQuery(workflowId), enabled: can('admin') });
  if (!can('admin')) return <NotAllowed />;
  return (
    <div className="stramien-page" data-testid="block-editor-page">
      {workflow.isError ? (
        <LoadFailed error={workflow.error} />
      ) : (
        <QueryState query={workflow}>{(data) => <BlockOf workflow={data} />}</QueryState>
      )}
    </div>
  );
};

const BlockOf = ({ workflow }: { workflow: BuilderWorkflow }) => {
  const { t } = useTranslation('workflows');
  const { blockId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const block = workflow.blocks.find((b) => b.id === blockId);
  const references = useMemo(() => jobReferences(graphOf(workflow), blockId), [workflow, blockId]);
  const save = useCallback(
    async (config: BlockConfig) => {
      const answer = await builderCalls.configureBlock(workflow.id, blockId, config);
      updateDraft(queryClient, workflow.id, withBlock(answer.data), answer.position);
    },
    [workflow.id, blockId, queryClient],
  );
  if (!block) return <LoadFailed error={null} />;
  // a block added without a configuration starts as a manual block with one empty panel
  const config = (block.configuration as BlockConfig | null) ?? newBlockConfig('', 'manual');
  return (
    <>
      <div className="stramien-builder__header">
        <Button
          variant="minimal"
          icon={<ArrowLeftIcon />}
          aria-label={t('workflows.builder-editor.back')}
          title={t('workflows.builder-editor.back')}
          data-testid="back-to-canvas"
          onClick={() => void navigate(`/workflow-management/builder/${workflow.id}`)}
        />
        <H3>
          {workflow.name} — {block.name ?? t('workflows.builder-kind.unconfigured')}
        </H3>
      </div>
      <BlockEditor key={block.id} config={config} references={references} save={save} />
    </>
  );
};
