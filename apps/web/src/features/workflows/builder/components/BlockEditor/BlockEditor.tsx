import { Button, Callout, InputGroup, Tag } from '@blueprintjs/core';
import { FloppyDiskIcon } from '@blueprintjs/icons';
import { BLOCK_NAME_MAX, isManual, type BlockConfig } from '@stramien/domain';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { FormField } from '../../../../../shared/forms/FormField';
import { placeErrors, type JobReference } from '../../blockDrafts';
import { blockEditorMachine, isSaved } from '../../machines/blockEditorMachine';
import { ActionForm } from '../ActionForm/ActionForm';
import { PanelsEditor } from '../PanelsEditor/PanelsEditor';

export interface BlockEditorProps {
  /** the configuration as the server holds it */
  config: BlockConfig;
  /** the `{{job.…}}` references an automated block may use */
  references: readonly JobReference[];
  /** sends the configuration (PUT …/block/{id}); rejects with the server's refusal */
  save: (config: BlockConfig) => Promise<unknown>;
}

/**
 * A block's configuration, edited: its name, and its panels (manual) or its action (automated), with the saved flag
 * of spec 2 §4 beside the Save button (false after a change, true after save). A refused save keeps the edits and
 * shows the server's messages at their fields; those it has no field for are listed above the form.
 */
export const BlockEditor = ({ config, references, save }: BlockEditorProps) => {
  const { t } = useTranslation('workflows');
  const machine = useMemo(() => blockEditorMachine.provide({ actors: { save: fromPromise(({ input }) => save(input)) } }), [save]);
  const [state, send] = useMachine(machine, { input: { config } });
  const saved = isSaved(state);
  const saving = state.matches('saving');
  const draft = state.context.config;
  const placed = placeErrors(state.context.errors, draft);
  const change = (next: BlockConfig) => send({ type: 'CHANGE', config: next });

  // leaving the page with unsaved changes asks first (the browser's own question)
  useEffect(() => {
    if (saved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saved]);

  return (
    <div className="stramien-block-editor" data-testid="block-editor">
      <div className="stramien-block-editor__head">
        <FormField id="block-name" label={t('workflows.builder-editor.block-name')} required error={placed.at.name?.join(' ')}>
          <InputGroup id="block-name" value={draft.name} maxLength={BLOCK_NAME_MAX} onValueChange={(name) => change({ ...draft, name })} />
        </FormField>
        <Tag minimal large intent={isManual(draft) ? 'primary' : 'none'}>
          {t(isManual(draft) ? 'workflows.builder-kind.manual' : 'workflows.builder-kind.automated')}
        </Tag>
        <Tag large minimal intent={saved ? 'success' : 'warning'} data-testid="saved-flag" data-saved={saved ? 'true' : 'false'}>
          {t(saved ? 'workflows.builder-editor.saved' : 'workflows.builder-editor.unsaved')}
        </Tag>
        <Button
          intent="primary"
          icon={<FloppyDiskIcon />}
          text={t('workflows.builder-editor.save')}
          disabled={saved}
          loading={saving}
          data-testid="save-block"
          onClick={() => send({ type: 'SAVE' })}
        />
      </div>
      {(state.context.problem || placed.rest.length > 0) && (
        <Callout intent="danger" compact data-testid="block-editor-problem">
          {state.context.problem && <p>{state.context.problem}</p>}
          {placed.rest.length > 0 && (
            <ul>
              {placed.rest.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </Callout>
      )}
      {isManual(draft) ? (
        <PanelsEditor config={draft} onChange={change} errors={placed.at} />
      ) : (
        <ActionForm config={draft} onChange={change} errors={placed.at} references={references} />
      )}
    </div>
  );
};
