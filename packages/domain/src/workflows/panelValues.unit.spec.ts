import { describe, expect, it } from 'vitest';
import type { Panel } from './blockConfig';
import { workflowMessages } from './messages';
import { NO_PANEL_FACTS, validatePanelValues, type PanelValueContext } from './panelValues';

const panels: Panel[] = [
  {
    id: 'p1',
    title: 'One',
    fields: [
      { id: 'remarks', label: 'Remarks', type: 'text', required: true },
      { id: 'count', label: 'Count', type: 'number' },
      { id: 'on', label: 'Date', type: 'date' },
      { id: 'ok', label: 'Approved', type: 'checkbox', required: true },
    ],
  },
  {
    id: 'p2',
    title: 'Two',
    fields: [
      { id: 'photo', label: 'Photo', type: 'file' },
      { id: 'code', label: 'SBS', type: 'sbscode' },
      { id: 'grade', label: 'Grade', type: 'choice', options: ['A', 'B'] },
      { id: 'room', label: 'Room', type: 'record', table: 'Rooms' },
    ],
  },
];
const facts: PanelValueContext = {
  knownRecords: [
    { recordId: 'r1', table: 'Rooms' },
    { recordId: 'r2', table: 'Floors' },
  ],
  knownSbsCodes: ['01.02'],
  knownFileIds: ['blob1'],
};
const draft = (input: Record<string, unknown>, context = facts) => validatePanelValues(panels, input, context);
const complete = (input: Record<string, unknown>, saved = {}) => validatePanelValues(panels, input, facts, { complete: true, saved });

describe('Panel values', () => {
  it('keeps each valid value as stored, by field id', () => {
    expect(
      draft({ remarks: 'Fine', count: '12.5', on: '2026-03-01', ok: 'true', photo: 'blob1', code: '01.02', grade: 'B', room: 'r1' }),
    ).toEqual({
      ok: true,
      values: { remarks: 'Fine', count: 12.5, on: '2026-03-01', ok: true, photo: 'blob1', code: '01.02', grade: 'B', room: 'r1' },
    });
    expect(draft({ count: '', grade: null })).toEqual({ ok: true, values: { count: null, grade: null } });
  });

  it('gives one message per wrong field, keyed by its id', () => {
    expect(draft({ count: 'many', on: '2026-02-30', ok: 'perhaps', grade: 'C', nope: 1, remarks: { a: 1 } })).toEqual({
      ok: false,
      errors: {
        count: ['Enter a number.'],
        on: ['Enter a valid date.'],
        ok: ['Choose yes or no.'],
        grade: [workflowMessages.fieldNotAnOption],
        nope: [workflowMessages.unknownField],
        remarks: ['Enter text.'],
      },
    });
  });

  it('refuses records of another table, SBS codes and files that do not exist', () => {
    expect(draft({ room: 'r2', code: '09', photo: 'blob9' })).toEqual({
      ok: false,
      errors: {
        room: ['Choose a record of the table Rooms.'],
        code: ["Choose a code of the project's SBS."],
        photo: [workflowMessages.fieldNotAFile],
      },
    });
    expect(draft({ room: 'r1' }, NO_PANEL_FACTS).ok).toBe(false);
  });

  describe('when the job is finished', () => {
    it('asks every required field, counting the saved values, and a required checkbox ticked', () => {
      expect(complete({})).toEqual({ ok: false, errors: { remarks: ['Required.'], ok: [workflowMessages.fieldMustBeChecked] } });
      expect(complete({ ok: false }, { remarks: 'Saved before' })).toEqual({
        ok: false,
        errors: { ok: [workflowMessages.fieldMustBeChecked] },
      });
      expect(complete({ ok: true }, { remarks: 'Saved before' })).toEqual({ ok: true, values: { ok: true } });
      expect(complete({ remarks: '', ok: true }, { remarks: 'Saved before' })).toEqual({ ok: false, errors: { remarks: ['Required.'] } });
      expect(complete({ remarks: '   ', ok: true })).toEqual({ ok: false, errors: { remarks: ['Required.'] } });
    });
    it('a draft need not be complete', () => expect(draft({})).toEqual({ ok: true, values: {} }));
  });
});
