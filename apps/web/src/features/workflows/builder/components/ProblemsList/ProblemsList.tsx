import { Button, Callout } from '@blueprintjs/core';
import { TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { GraphProblem } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { renderServerMessage } from '../../../../../shared/apiErrors';

/** A graph problem in the user's language (the domain's message catalogue, server.json); its reference stays as it is. */
export const problemText = (problem: GraphProblem): string => {
  const reference = /\{\{[^}]*\}\}/.exec(problem.message)?.[0];
  return renderServerMessage({ key: problem.key, values: reference ? { reference } : {} }, problem.message);
};

export interface ProblemsListProps {
  problems: readonly GraphProblem[];
  /** a click on a problem: show its nodes */
  onShow?: (problem: GraphProblem) => void;
}

/**
 * Why the draft cannot be published yet (validateGraph of the domain): each problem in the user's language; a click
 * brings its nodes into view. None: the workflow can be published.
 */
export const ProblemsList = ({ problems, onShow }: ProblemsListProps) => {
  const { t } = useTranslation('workflows');
  if (problems.length === 0)
    return (
      <Callout intent="success" icon={<TickCircleIcon />} compact data-testid="no-problems">
        {t('workflows.builder-canvas.no-problems')}
      </Callout>
    );
  return (
    <ul className="stramien-builder__problems" data-testid="problems-list">
      {problems.map((problem, i) => (
        <li key={`${problem.key}-${i}`} data-testid="problem" data-key={problem.key}>
          <WarningSignIcon className={problem.key === 'workflows.unreachableNode' ? 'bp6-intent-warning' : 'bp6-intent-danger'} />
          {onShow && problem.nodeIds.length > 0 ? (
            <Button variant="minimal" size="small" alignText="start" text={problemText(problem)} onClick={() => onShow(problem)} />
          ) : (
            <span>{problemText(problem)}</span>
          )}
        </li>
      ))}
    </ul>
  );
};
