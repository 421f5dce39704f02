import { Button, Callout, Dialog, DialogBody, DialogFooter, H6, HTMLTable } from '@blueprintjs/core';
import { isUnchanged, type Changes, type GraphProblem, type VersionChanges } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../../shared/apiErrors';
import { ProblemsList } from '../ProblemsList/ProblemsList';

export interface PublishDialogProps {
  /** the number the new version gets */
  version: number;
  /** the draft against the last version (the first version: against nothing) */
  changes: VersionChanges;
  /** the draft's problems: publishing is refused while there are any */
  problems: readonly GraphProblem[];
  /** how a node, link or block is named in the list (its block's name, "A → B") */
  nameOf: (kind: keyof VersionChanges, id: string) => string;
  pending: boolean;
  error: unknown;
  onPublish: () => void;
  onClose: () => void;
}

const KINDS = ['nodes', 'links', 'blocks'] as const;
const CHANGE_KINDS = ['added', 'removed', 'changed'] as const satisfies readonly (keyof Changes)[];

/**
 * Publish: what the new version changes against the last one (nodes, links, blocks added, removed, changed) and,
 * while the draft has problems, the problems instead of the Publish button's effect — it stays disabled.
 */
export const PublishDialog = ({ version, changes, problems, nameOf, pending, error, onPublish, onClose }: PublishDialogProps) => {
  const { t } = useTranslation('workflows');
  const unchanged = isUnchanged(changes);
  const blocked = problems.length > 0 || unchanged;
  return (
    <Dialog isOpen onClose={onClose} title={t('workflows.builder-publish.title', { version })} style={{ width: 640 }}>
      <DialogBody>
        <div data-testid="publish-dialog">
          <p>{t('workflows.builder-publish.intro', { version })}</p>
          {error !== null && error !== undefined && (
            <Callout intent="danger" compact>
              {serverMessage(error) ?? t('workflows.builder.failed')}
            </Callout>
          )}
          {problems.length > 0 && (
            <Callout intent="danger" compact title={t('workflows.builder-publish.problems')} data-testid="publish-problems">
              <ProblemsList problems={problems} />
            </Callout>
          )}
          <H6>{version === 1 ? t('workflows.builder-publish.first') : t('workflows.builder-publish.changes', { version: version - 1 })}</H6>
          {unchanged ? (
            <p data-testid="publish-nothing">{t('workflows.builder-publish.nothing')}</p>
          ) : (
            <HTMLTable compact className="stramien-builder__changes" data-testid="publish-changes">
              <tbody>
                {KINDS.flatMap((kind) =>
                  CHANGE_KINDS.filter((change) => changes[kind][change].length > 0).map((change) => (
                    <tr key={`${kind}-${change}`} data-testid={`change-${kind}-${change}`}>
                      <th scope="row">
                        {t(`workflows.builder-publish.${kind}`)} — {t(`workflows.builder-publish.${change}`)}
                      </th>
                      <td>{changes[kind][change].map((id) => nameOf(kind, id)).join(', ')}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </HTMLTable>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('workflows.builder.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('workflows.builder-publish.submit')}
              disabled={blocked}
              loading={pending}
              data-testid="publish-submit"
              onClick={onPublish}
            />
          </>
        }
      />
    </Dialog>
  );
};
