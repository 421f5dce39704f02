import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import type { BuilderBlock } from '@stramien/api';
import { BLOCK_NAME_MAX } from '@stramien/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../../shared/apiErrors';
import { FormField } from '../../../../../shared/forms/FormField';
import { newBlockConfig, type BlockKind } from '../../blockDrafts';
import { errorsByConfigPath } from '../../machines/blockEditorMachine';
import { builderCalls } from '../../queries';

export interface NewBlockDialogProps {
  workflowId: string;
  onClose: () => void;
  onCreated: (block: BuilderBlock, position: number) => void;
}

/**
 * A new block of the draft: its name and kind. Manual starts with one empty panel titled as the block, automated
 * with a notification to the session's starter (blockDrafts.newBlockConfig); the block editor refines either.
 */
export const NewBlockDialog = ({ workflowId, onClose, onCreated }: NewBlockDialogProps) => {
  const { t } = useTranslation('workflows');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<BlockKind>('manual');
  const [missing, setMissing] = useState(false);
  const create = useMutation({
    mutationFn: () => builderCalls.addBlock(workflowId, newBlockConfig(name.trim(), kind)),
    onSuccess: (answer) => onCreated(answer.data, answer.position),
  });
  const nameError = missing ? t('workflows.builder-block.name-required') : errorsByConfigPath(create.error).name?.join(' ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = name.trim() === '';
    setMissing(empty);
    if (!empty) create.mutate();
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('workflows.builder-block.title')}>
      <form onSubmit={submit} noValidate data-testid="new-block-form">
        <DialogBody>
          {create.error && !nameError && (
            <Callout intent="danger" compact>
              {serverMessage(create.error) ?? t('workflows.builder.failed')}
            </Callout>
          )}
          <FormField id="new-block-name" label={t('workflows.builder-block.name')} required error={nameError}>
            <InputGroup
              id="new-block-name"
              autoFocus
              value={name}
              maxLength={BLOCK_NAME_MAX}
              intent={nameError ? 'danger' : 'none'}
              onValueChange={setName}
            />
          </FormField>
          <RadioGroup
            label={t('workflows.builder-block.kind')}
            selectedValue={kind}
            onChange={(event) => setKind(event.currentTarget.value as BlockKind)}
          >
            <Radio value="manual" data-testid="new-block-manual">
              <strong>{t('workflows.builder-kind.manual')}</strong> — {t('workflows.builder-block.manual-hint')}
            </Radio>
            <Radio value="automated" data-testid="new-block-automated">
              <strong>{t('workflows.builder-kind.automated')}</strong> — {t('workflows.builder-block.automated-hint')}
            </Radio>
          </RadioGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('workflows.builder.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={t('workflows.builder-block.submit')}
                loading={create.isPending}
                data-testid="new-block-submit"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
};
