import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { labelDecider, type LabelCommand } from './decide';
import { isHexColor, normaliseHexColor, toLabelStreamId, type LabelEvent } from './label';
import { labelMessages } from './messages';

const spec = deciderSpec(labelDecider);
const metadata = { actor: { userId: 'admin', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const create = (over: Partial<Extract<LabelCommand, { type: 'CreateLabel' }>['data']> = {}): LabelCommand => ({
  type: 'CreateLabel',
  data: { labelId: 'lb1', licenceId: 'l1', projectId: null, title: 'Urgent', color: '#F00', ...over },
  metadata,
});
const update = (data: { title?: string; color?: string }): LabelCommand => ({ type: 'UpdateLabel', data, metadata });
const created: LabelEvent = {
  type: 'LabelCreated',
  data: { labelId: 'lb1', licenceId: 'l1', projectId: null, title: 'Urgent', color: '#f00' },
};

describe('hex colours', () => {
  it.each(['#abc', 'abc', '#A1B2C3', 'a1b2c3'])('accepts %s', (c) => expect(isHexColor(c)).toBe(true));
  it.each(['#ab', '#abcd', '#abcdef0', 'red', '#ggg', ''])('refuses %s', (c) => expect(isHexColor(c)).toBe(false));
  it('normalises to a lower-case value with #', () => expect(normaliseHexColor('A1B2C3')).toBe('#a1b2c3'));
});

describe('Label', () => {
  it('lives in the stream label-<id>', () => expect(toLabelStreamId('lb1')).toBe('label-lb1'));

  describe('when created', () => {
    it('records a licence-wide label with a normalised colour', () => spec.given([]).when(create()).then([created]));
    it('records the project of a project label', () =>
      spec
        .given([])
        .when(create({ projectId: 'p1' }))
        .then([{ ...created, data: { ...created.data, projectId: 'p1' } } as LabelEvent]));
    it("refuses a colour that is not 3 or 6 hex digits with 'Invalid HEX color.'", () =>
      spec
        .given([])
        .when(create({ color: '#abcd' }))
        .thenThrows(labelMessages.invalidColor, 422));
    it("refuses an empty title with 'Required.'", () =>
      spec
        .given([])
        .when(create({ title: '  ' }))
        .thenThrows(labelMessages.titleRequired, 422));
    it('refuses a second creation', () => spec.given([created]).when(create()).thenThrows(labelMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('records the full new title and colour', () =>
      spec
        .given([created])
        .when(update({ color: '00ff00' }))
        .then([{ type: 'LabelUpdated', data: { labelId: 'lb1', title: 'Urgent', color: '#00ff00' } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([created])
        .when(update({ title: 'Urgent', color: '#F00' }))
        .then([]));
    it('refuses a bad colour', () =>
      spec
        .given([created])
        .when(update({ color: 'blue' }))
        .thenThrows(labelMessages.invalidColor, 422));
    it('answers 404 for an unknown label', () =>
      spec
        .given([])
        .when(update({ title: 'x' }))
        .thenThrows(labelMessages.notFound, 404));
  });

  describe('when deleted', () => {
    const deleted: LabelEvent = { type: 'LabelDeleted', data: { labelId: 'lb1' } };
    it('records the deletion', () => spec.given([created]).when({ type: 'DeleteLabel', data: {}, metadata }).then([deleted]));
    it('answers 404 afterwards', () =>
      spec
        .given([created, deleted])
        .when(update({ title: 'Again' }))
        .thenThrows(labelMessages.notFound, 404));
  });
});
