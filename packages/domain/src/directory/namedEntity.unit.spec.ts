import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { collections, companies, namedEntityMessages, type NamedEntityCommand } from './namedEntity';

const metadata = { actor: { userId: 'root', licenceId: 'l1', isSystemAdmin: true }, now: '2026-01-01T00:00:00.000Z' };
const create = (name: string, nameTaken = false, description = ''): NamedEntityCommand => ({
  type: 'Create',
  data: { id: 'c1', licenceId: 'l1', name, description, nameTaken },
  metadata,
});
const update = (data: { name?: string; description?: string }, nameTaken = false): NamedEntityCommand => ({
  type: 'Update',
  data: { ...data, nameTaken },
  metadata,
});

describe('Company', () => {
  const spec = deciderSpec(companies.decider);
  const created = { type: 'CompanyCreated' as const, data: { id: 'c1', licenceId: 'l1', name: 'Bouw BV', description: '' } };
  it('lives in the stream company-<id>', () => expect(companies.toStreamId('c1')).toBe('company-c1'));
  it('records a trimmed name', () => spec.given([]).when(create('  Bouw BV ')).then([created]));
  it("refuses an empty name with 'Required.'", () => spec.given([]).when(create(' ')).thenThrows(namedEntityMessages.nameRequired, 422));
  it('refuses a name another company of the licence has', () =>
    spec.given([]).when(create('Bouw BV', true)).thenThrows(namedEntityMessages.nameTaken, 409));
  it('records a change', () =>
    spec
      .given([created])
      .when(update({ description: 'Main contractor' }))
      .then([{ type: 'CompanyUpdated', data: { id: 'c1', name: 'Bouw BV', description: 'Main contractor' } }]));
  it('lets a company keep its own name in another case', () =>
    spec
      .given([created])
      .when(update({ name: 'BOUW BV' }, true))
      .then([{ type: 'CompanyUpdated', data: { id: 'c1', name: 'BOUW BV', description: '' } }]));
  it('answers 404 once deleted', () =>
    spec
      .given([created, { type: 'CompanyDeleted', data: { id: 'c1' } }])
      .when({ type: 'Delete', data: {}, metadata })
      .thenThrows('Company not found.', 404));
});

describe('Collection', () => {
  const spec = deciderSpec(collections.decider);
  it('has event types of its own', () =>
    spec
      .given([])
      .when(create('Housing 2026', false, 'All housing projects'))
      .then([
        { type: 'CollectionCreated', data: { id: 'c1', licenceId: 'l1', name: 'Housing 2026', description: 'All housing projects' } },
      ]));
  it('lives in the stream collection-<id>', () => expect(collections.toStreamId('c1')).toBe('collection-c1'));
});
