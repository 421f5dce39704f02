import { ApiError } from '@stramien/api';
import type { BlockConfig } from '@stramien/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { blockEditorMachine, errorsByConfigPath, isSaved } from './blockEditorMachine';

const manual: BlockConfig = {
  name: 'Check',
  panels: [{ id: 'p1', title: 'Check', fields: [{ id: 'ok', label: 'OK', type: 'checkbox' }] }],
};
const renamed = (config: BlockConfig, name: string): BlockConfig => ({ ...config, name });

/** The editor with a save actor the test settles by hand: `saves` holds each sent configuration and its settle functions. */
const start = () => {
  const saves: { config: BlockConfig; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const machine = blockEditorMachine.provide({
    actors: {
      save: fromPromise<unknown, BlockConfig>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            saves.push({ config: input, resolve: () => resolve({}), reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { input: { config: manual } }).start();
  return { actor, saves };
};

describe('the block editor machine', () => {
  it('is saved when loaded, and not saved after a change', () => {
    const { actor } = start();
    expect(isSaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CHANGE', config: renamed(manual, 'Check 2') });
    expect(isSaved(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.config.name).toBe('Check 2');
  });

  it('sends the edited configuration and is saved once the server accepts it', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'CHANGE', config: renamed(manual, 'Check 2') });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(isSaved(actor.getSnapshot())).toBe(false);
    expect(saves.map((s) => s.config.name)).toEqual(['Check 2']);
    saves[0]!.resolve();
    await waitFor(actor, (s) => isSaved(s));
  });

  it('has nothing to save while saved', () => {
    const { actor, saves } = start();
    actor.send({ type: 'SAVE' });
    expect(saves).toHaveLength(0);
    expect(isSaved(actor.getSnapshot())).toBe(true);
  });

  it('stays unsaved when the configuration changes while a save is under way', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'CHANGE', config: renamed(manual, 'A') });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CHANGE', config: renamed(manual, 'B') });
    saves[0]!.resolve();
    await waitFor(actor, (s) => s.matches('dirty'));
    expect(actor.getSnapshot().context.config.name).toBe('B');
    actor.send({ type: 'SAVE' });
    expect(saves[1]!.config.name).toBe('B');
    saves[1]!.resolve();
    await waitFor(actor, (s) => isSaved(s));
  });

  it('keeps the edits after a refused save, with the server messages at their paths, and clears them on the next good save', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'CHANGE', config: renamed(manual, 'Bad') });
    actor.send({ type: 'SAVE' });
    saves[0]!.reject(
      new ApiError(422, 'Workflow Block Configuration incorrect format, please contact your project admin', {
        'panels.0.fields.0.options': ['Too small: expected array to have >=1 items'],
      }),
    );
    await waitFor(actor, (s) => s.matches('dirty'));
    const { context } = actor.getSnapshot();
    expect(context.config.name).toBe('Bad');
    expect(context.errors['panels.0.fields.0.options']).toEqual(['Too small: expected array to have >=1 items']);
    expect(context.problem).toBe('Workflow Block Configuration incorrect format, please contact your project admin');
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    saves[1]!.resolve();
    await waitFor(actor, (s) => isSaved(s));
    expect(actor.getSnapshot().context.errors).toEqual({});
  });
});

describe('errorsByConfigPath', () => {
  it('drops the body field the file came in before the path', () => {
    const error = new ApiError(422, 'x', { 'config.panels.0.id': ['a'], 'file.action.title': ['b'], name: ['c'] });
    expect(errorsByConfigPath(error)).toEqual({ 'panels.0.id': ['a'], 'action.title': ['b'], name: ['c'] });
  });

  it('has none for a failure without field messages', () => {
    expect(errorsByConfigPath(new Error('offline'))).toEqual({});
  });
});
