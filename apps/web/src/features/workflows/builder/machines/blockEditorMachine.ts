import type { BlockConfig } from '@stramien/domain';
import { assign, fromPromise, setup } from 'xstate';
import { serverFieldErrors, serverMessage } from '../../../../shared/apiErrors';
import { i18n } from '../../../../shared/i18n';

export interface BlockEditorInput {
  /** the configuration as the server holds it */
  config: BlockConfig;
}

export interface BlockEditorContext {
  /** the configuration being edited */
  config: BlockConfig;
  /** the server's field messages of the last save, keyed by the path in the configuration ('panels.0.fields.1.options') */
  errors: Record<string, string[]>;
  /** why the last save failed: the server's message (translated), or that it could not be sent */
  problem: string | null;
  /** the configuration changed while a save was under way: that save does not make it saved */
  changedWhileSaving: boolean;
}

export type BlockEditorEvent = { type: 'CHANGE'; config: BlockConfig } | { type: 'SAVE' };

/**
 * The field messages of a refused save keyed by the path in the configuration: the API may name the body field the
 * file came in (`config.panels.0…`, `file.…`) before the path; the editor looks fields up by the path alone.
 */
export const errorsByConfigPath = (error: unknown): Record<string, string[]> => {
  const errors = serverFieldErrors(error) ?? {};
  return Object.fromEntries(Object.entries(errors).map(([key, texts]) => [key.replace(/^(config|file|body)\./, ''), texts]));
};

/**
 * The block editor (spec 2 §4, the builder block's saved flag): `saved` after load and after a save the server
 * accepted, `dirty` after any change of the panels or the action, `saving` while the save is under way (a change
 * then keeps the block unsaved). A refused save keeps the edits, with the server's messages at their fields. The
 * server is reached only through the `save` actor, so tests swap it with `provide`.
 */
export const blockEditorMachine = setup({
  types: {
    context: {} as BlockEditorContext,
    events: {} as BlockEditorEvent,
    input: {} as BlockEditorInput,
  },
  actors: {
    /** sends the configuration (the page provides the call: PUT …/block/{id} with the base64 file) */
    save: fromPromise<unknown, BlockConfig>(() => Promise.reject(new Error('blockEditorMachine: no save actor provided'))),
  },
  guards: {
    changedWhileSaving: ({ context }) => context.changedWhileSaving,
  },
  actions: {
    change: assign({ config: ({ context, event }) => (event.type === 'CHANGE' ? event.config : context.config) }),
  },
}).createMachine({
  id: 'blockEditor',
  context: ({ input }) => ({ config: input.config, errors: {}, problem: null, changedWhileSaving: false }),
  initial: 'saved',
  states: {
    saved: { on: { CHANGE: { target: 'dirty', actions: 'change' } } },
    dirty: {
      on: {
        CHANGE: { actions: 'change' },
        SAVE: { target: 'saving', actions: assign({ problem: null, changedWhileSaving: false }) },
      },
    },
    saving: {
      on: { CHANGE: { actions: ['change', assign({ changedWhileSaving: true })] } },
      invoke: {
        src: 'save',
        input: ({ context }) => context.config,
        onDone: [
          { guard: 'changedWhileSaving', target: 'dirty', actions: assign({ errors: {} }) },
          { target: 'saved', actions: assign({ errors: {} }) },
        ],
        onError: {
          target: 'dirty',
          actions: assign(({ event }) => ({
            errors: errorsByConfigPath(event.error),
            problem: serverMessage(event.error) ?? i18n.t('workflows.builder-editor.save-failed', { ns: 'workflows' }),
          })),
        },
      },
    },
  },
});

/** spec 2 §4: the builder block's saved flag — false after a change, true after save. */
export const isSaved = (state: { matches: (value: 'saved') => boolean }): boolean => state.matches('saved');
