import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domainError';
import {
  ACTION_TYPES,
  actionTemplates,
  fieldsOf,
  isManual,
  PANEL_FIELD_TYPES,
  parseBlockConfigFile,
  toBlockConfigFile,
  type BlockConfig,
} from './blockConfig';
import { workflowMessages } from './messages';
import { automatedConfig, fileOf, manualConfig } from './testFixtures';

const MESSAGE = 'Workflow Block Configuration incorrect format, please contact your project admin';

const manual: BlockConfig = {
  name: 'Inspection',
  panels: [
    {
      id: 'general',
      title: 'General',
      fields: [
        { id: 'remarks', label: 'Remarks', type: 'text', required: true },
        { id: 'count', label: 'Count', type: 'number' },
        { id: 'on', label: 'Date', type: 'date' },
        { id: 'ok', label: 'Approved', type: 'checkbox' },
        { id: 'photo', label: 'Photo', type: 'file' },
        { id: 'code', label: 'SBS', type: 'sbscode' },
        { id: 'grade', label: 'Grade', type: 'choice', options: ['A', 'B'] },
        { id: 'room', label: 'Room', type: 'record', table: 'Rooms' },
      ],
    },
  ],
};

const refused = (file: string): DomainError => {
  const result = parseBlockConfigFile(file);
  expect(result).toBeInstanceOf(DomainError);
  return result as DomainError;
};

describe('Block configuration', () => {
  it('quotes the spec message', () => expect(workflowMessages.blockConfigInvalid).toBe(MESSAGE));

  describe('when read from its file', () => {
    it('reads a manual block with every field type, and an automated block of every action', () => {
      expect(parseBlockConfigFile(fileOf(manual))).toEqual(manual);
      const actions: BlockConfig[] = [
        automatedConfig({
          type: 'create-task',
          title: 'Check {{session.name}}',
          assignTo: { role: 'Inspector' },
          priority: 'high',
          dueInDays: 5,
        }),
        automatedConfig({ type: 'write-record', table: 'Log', values: { Name: '{{session.name}}', Note: 'x' }, matchOn: ['Name'] }),
        automatedConfig({ type: 'notify', to: { user: 'u1' }, message: 'Hello' }),
        automatedConfig({ type: 'wait', until: '+3d' }),
        automatedConfig({ type: 'wait', until: '{{job.n1.on}}' }),
        automatedConfig({ type: 'set-session-sbs', code: '{{job.n1.code}}' }),
      ];
      for (const config of actions) expect(parseBlockConfigFile(fileOf(config))).toEqual(config);
      expect(new Set(fieldsOf(manual).map((f) => f.type))).toEqual(new Set(PANEL_FIELD_TYPES));
      expect(new Set(actions.map((c) => !isManual(c) && c.action.type))).toEqual(new Set(ACTION_TYPES));
    });
    it('reads a data URL as a browser writes it, and UTF-8 text', () => {
      const config = manualConfig([{ id: 'x', label: 'Größe €', type: 'text' }], 'Prüfung');
      expect(parseBlockConfigFile(`data:application/json;base64,${fileOf(config)}`)).toEqual(config);
    });
    it('refuses what is not base64, not JSON, or not UTF-8, with the spec message (422)', () => {
      for (const file of ['', 'not base64!', 'abc', btoa('{"name":'), btoa('\xff\xfe{}')]) {
        const error = refused(file);
        expect(error.message).toBe(MESSAGE);
        expect(error.status).toBe(422);
      }
    });
    it('refuses JSON that is not the schema, saying where', () => {
      expect(refused(fileOf([1, 2])).errors).toEqual({ config: ['Give an object.'] });
      expect(refused(fileOf({ name: 'x' })).message).toBe(MESSAGE);
      expect(refused(fileOf({ name: 'x', panels: [] })).errors).toEqual({ panels: ['Choose at least 1.'] });
      expect(refused(fileOf({ ...manual, action: { type: 'wait', until: '+1d' } })).errors).toEqual({ config: ['Unknown field: action'] });
      const noOptions = manualConfig([{ id: 'c', label: 'C', type: 'choice', options: [] } as never]);
      expect(refused(fileOf(noOptions)).errors).toEqual({ 'panels.0.fields.0.options': ['Choose at least 1.'] });
      expect(refused(fileOf(manualConfig([{ id: 'c', label: 'C', type: 'colour' } as never]))).message).toBe(MESSAGE);
      expect(refused(fileOf(automatedConfig({ type: 'launch' } as never))).message).toBe(MESSAGE);
    });
    it('refuses panel and field ids that repeat or cannot appear in a template', () => {
      const twice = manualConfig([
        { id: 'a', label: 'A', type: 'text' },
        { id: 'a', label: 'B', type: 'number' },
      ]);
      expect(refused(fileOf(twice)).errors).toEqual({ 'panels.0.fields.1.id': [workflowMessages.duplicateConfigId] });
      expect(refused(fileOf(manualConfig([{ id: 'a.b', label: 'A', type: 'text' }]))).errors).toEqual({
        'panels.0.fields.0.id': [workflowMessages.invalidConfigId],
      });
    });
    it('refuses actions with broken templates, matches without values and waits without a time', () => {
      expect(refused(fileOf(automatedConfig({ type: 'notify', to: 'session-starter', message: 'Hi {{user.name}}' }))).errors).toEqual({
        'action.message': [workflowMessages.templateInvalid],
      });
      expect(
        refused(fileOf(automatedConfig({ type: 'write-record', table: 'Log', values: { Name: 'x' }, matchOn: ['Code'] }))).errors,
      ).toEqual({ 'action.matchOn': [workflowMessages.matchOnNotInValues] });
      expect(refused(fileOf(automatedConfig({ type: 'write-record', table: 'Log', values: {} }))).errors).toEqual({
        'action.values': ['Required.'],
      });
      expect(refused(fileOf(automatedConfig({ type: 'wait', until: 'tomorrow' }))).errors).toEqual({
        'action.until': [workflowMessages.invalidWait],
      });
    });
  });

  describe('when written to its file', () => {
    it('round-trips through base64 JSON', () => {
      const config = manualConfig([{ id: 'x', label: 'Opmerking – ü', type: 'text' }]);
      expect(parseBlockConfigFile(toBlockConfigFile(config))).toEqual(config);
      expect(JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(toBlockConfigFile(config)), (c) => c.charCodeAt(0))))).toEqual(
        config,
      );
    });
  });

  it('is manual with panels and automated without', () => {
    expect(isManual(manual)).toBe(true);
    expect(isManual(automatedConfig())).toBe(false);
    expect(fieldsOf(manual).map((f) => f.id)).toEqual(['remarks', 'count', 'on', 'ok', 'photo', 'code', 'grade', 'room']);
    expect(fieldsOf(automatedConfig())).toEqual([]);
  });

  it('lists the templates of an action', () => {
    expect(actionTemplates({ type: 'create-task', title: 'T', description: 'D', assignTo: 'session-starter', priority: 'low' })).toEqual([
      'T',
      'D',
    ]);
    expect(actionTemplates({ type: 'write-record', table: 'Log', values: { a: '1', b: '2' } })).toEqual(['1', '2']);
  });
});
