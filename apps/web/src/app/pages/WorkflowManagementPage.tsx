import { Card, H3, NonIdealState } from '@blueprintjs/core';
import { FlowLinearIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

/**
 * /workflow-management — the workflows of the licence and their builder (spec 2 §2). The builder (GET
 * /builder/workflows and its blocks, nodes and links) arrives with the workflows work; until then the page
 * shows the spec's empty state.
 */
export const WorkflowManagementPage = () => {
  const { t } = useTranslation();
  return (
    <div className="stramien-page stramien-shell-page" data-testid="workflow-management-page">
      <H3>{t('common.workflows.title')}</H3>
      <Card>
        <NonIdealState
          icon={<FlowLinearIcon size={48} />}
          title={t('common.empty.nothing-special')}
          description={t('common.workflows.empty')}
        />
      </Card>
    </div>
  );
};
