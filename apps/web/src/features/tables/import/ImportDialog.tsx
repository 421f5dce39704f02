import { Button, Callout, Dialog, DialogBody, DialogFooter, NonIdealState } from '@blueprintjs/core';
import { ThIcon } from '@blueprintjs/icons';
import type { TableView } from '@stramien/api';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toaster';
import { tableKeys } from '../queries';
import { CheckStep } from './components/CheckStep';
import { FileStep } from './components/FileStep';
import { MappingStep } from './components/MappingStep';
import { PreviewStep } from './components/PreviewStep';
import { RunStep } from './components/RunStep';
import { IMPORT_STEPS, importMachine, stepOf } from './importMachine';
import { isMappingComplete } from './mapping';
import './tablesImport.css';

/**
 * The import wizard in a dialog (spec 2 §5, issue 8): file, preview, mapping, check, import. When the job ends the
 * grid loads again and a toast says how many rows came in; a failed job shows its errors in the check step.
 */
export const ImportDialog = ({ table, onClose }: { table: TableView; onClose: () => void }) => {
  const { t } = useTranslation('tablesImport');
  const queryClient = useQueryClient();
  const columns = useMemo(
    () => [...table.columns].sort((a, b) => a.position - b.position).map((column) => ({ id: column.id, name: column.name })),
    [table.columns],
  );
  const [state, send] = useMachine(importMachine, { input: { tableId: table.id, columns } });
  const { file, mapping, check, errors, job, problem } = state.context;
  const step = stepOf(state);
  const ended = state.status === 'done';

  /** the grid and the record count load again once a job has written (or may still write) rows */
  const close = () => {
    if (job) {
      void queryClient.invalidateQueries({ queryKey: tableKeys.records(table.id) });
      void queryClient.invalidateQueries({ queryKey: tableKeys.detail(table.id) });
    }
    onClose();
  };
  // once, when the wizard ends
  useEffect(() => {
    if (!ended) return;
    const rows = job?.progress.done ?? 0;
    if (state.matches('done')) showToast({ intent: 'success', message: t('tablesImport.done.toast', { count: rows }) });
    else showToast({ intent: 'warning', message: t('tablesImport.canceled.toast', { count: rows }) });
    close();
  }, [ended]);

  const running = state.matches('starting') || state.matches('running');
  const onFile = (chosen: File) => send({ type: 'FILE', file: chosen });

  const body = () => {
    if (columns.length === 0)
      return (
        <NonIdealState
          icon={<ThIcon size={32} />}
          title={t('tablesImport.dialog.no-columns')}
          description={t('tablesImport.dialog.no-columns-description')}
        />
      );
    if (step === 'file') return <FileStep reading={state.matches('reading')} onFile={onFile} />;
    if (!file) return null;
    if (step === 'preview') return <PreviewStep file={file} />;
    if (step === 'mapping')
      return (
        <MappingStep file={file} columns={columns} mapping={mapping} onMap={(header, column) => send({ type: 'MAP', header, column })} />
      );
    if (step === 'check')
      return (
        <CheckStep
          check={check}
          errors={errors}
          checking={state.matches('verifying') || state.matches('fetchingErrors')}
          loadingMore={state.matches({ checked: 'loadingMore' })}
          fileName={file.name}
          onMore={() => send({ type: 'MORE' })}
          onFile={onFile}
        />
      );
    return <RunStep job={job} rows={check?.rows ?? 0} />;
  };

  const actions = () => {
    const back = <Button text={t('tablesImport.action.back')} onClick={() => send({ type: 'BACK' })} data-testid="import-back" />;
    if (state.matches('preview'))
      return (
        <>
          {back}
          <Button intent="primary" text={t('tablesImport.action.next')} onClick={() => send({ type: 'NEXT' })} data-testid="import-next" />
        </>
      );
    if (state.matches('mapping'))
      return (
        <>
          {back}
          <Button
            intent="primary"
            text={t('tablesImport.action.check')}
            disabled={!isMappingComplete(mapping)}
            onClick={() => send({ type: 'NEXT' })}
            data-testid="import-check"
          />
        </>
      );
    if (state.matches('checked'))
      return (
        <>
          {back}
          {check?.total_errors === 0 && (
            <Button
              intent="primary"
              text={t('tablesImport.action.import', { count: check.rows })}
              onClick={() => send({ type: 'IMPORT' })}
              data-testid="import-start"
            />
          )}
        </>
      );
    if (running)
      return (
        <Button
          intent="danger"
          text={t('tablesImport.action.stop')}
          disabled={!state.matches({ running: 'working' })}
          loading={state.matches({ running: 'canceling' })}
          onClick={() => send({ type: 'CANCEL' })}
          data-testid="import-cancel"
        />
      );
    return null;
  };

  return (
    <Dialog
      isOpen
      onClose={close}
      title={t('tablesImport.dialog.title', { table: table.name })}
      className="stramien-import"
      canOutsideClickClose={false}
    >
      <DialogBody>
        <ol className="stramien-import__steps" data-testid="import-steps">
          {IMPORT_STEPS.map((name, i) => (
            <li
              key={name}
              aria-current={name === step ? 'step' : undefined}
              className={IMPORT_STEPS.indexOf(step) > i ? 'stramien-import__step--done' : undefined}
            >
              {t(`tablesImport.step.${name}`)}
            </li>
          ))}
        </ol>
        {problem && (
          <Callout intent="danger" role="alert" className="stramien-import__problem" data-testid="import-problem">
            {problem}
          </Callout>
        )}
        {body()}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t(running ? 'tablesImport.action.hide' : 'tablesImport.action.close')}
              onClick={close}
              data-testid="import-close"
            />
            {actions()}
          </>
        }
      />
    </Dialog>
  );
};
