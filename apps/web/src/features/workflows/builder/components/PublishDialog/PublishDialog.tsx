import { Button, Callout, Dialog, DialogBody, DialogFooter, H6, HTMLTable, Spinner } from '@blueprintjs/core';
import { isUnchanged, type Changes, type GraphProblem, type VersionChanges } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../../shared/apiErrors';
import { ProblemsList } from '../ProblemsList/ProblemsList';

/** What publishing now would do (the server's dry run). */
export interface PublishPreview {
  /** the number the new version gets */
  version: number;
  /** the draft against the last version (the first version: against nothing) */
  changes: VersionChanges;
  /** the draft's problems: publishing is refused while there are any */
  problems: readonly GraphProblem[];
}

export interface PublishDialogProps {
  /** null while it loads (or when it could not be loaded: `error` says why) */
  preview: PublishPreview | null;
  /** how a node, link or block is named in the list (its block's name, "A → B") */
  nameOf: (kind: keyof VersionChanges, id: string) => string;
  pending: boolean;
  /** the failure of loading the preview or of publishing */
  error: unknown;
  onPublish: () => void;
  onClose: () => void;
}

const KINDS = ['nodes', 'links', 'blocks'] as const;
const CHANGE_KINDS = ['added', 'removed', 'changed'] as const satisfies readonly (keyof Changes)[];

/**
 * Publish: what the new version changes against the last one (nodes, links, blocks added, removed, changed) and the
 * draft's problems; the Publish button stays disabled while there are problems or nothing changed.
 */
export const PublishDialog = ({ preview, nameOf, pending, error, onPublish, onClose }: PublishDialogProps) => {
  const { t } = useTranslation('workflows');
  const blocked = !preview || preview.problems.length > 0 || isUnchanged(preview.changes);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={preview ? t('workflows.builder-publish.title', { version: preview.version }) : t('workflows.builder-canvas.publish')}
      style={{ width: 640 }}
    >
      <DialogBody>
        <div data-testid="publish-dialog">
          {error !== null && error !== undefined && (
            <Callout intent="danger" compact>
              {serverMessage(error) ?? t('workflows.builder.failed')}
            </Callout>
          )}
          {preview ? <PreviewBody preview={preview} nameOf={nameOf} /> : !error && <Spinner size={24} />}
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

const PreviewBody = ({
  preview: { version, changes, problems },
  nameOf,
}: Pick<PublishDialogProps, 'nameOf'> & { preview: PublishPreview }) => {
  const { t } = useTranslation('workflows');
  return (
    <>
      <p>{t('workflows.builder-publish.intro', { version })}</p>
      {problems.length > 0 && (
        <Callout intent="danger" compact title={t('workflows.builder-publish.problems')} data-testid="publish-problems">
          <ProblemsList problems={problems} />
        </Callout>
      )}
      <H6>{version === 1 ? t('workflows.builder-publish.first') : t('workflows.builder-publish.changes', { version: version - 1 })}</H6>
      {isUnchanged(changes) ? (
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
    </>
  );
};
