import type { Doc } from '@stramien/infra';
import type { NamedEntityDefinition } from '@stramien/domain';
import { collections, companies } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** One document per live company or collection of a licence (docs/admin.md). */
export interface NamedEntityDoc extends Doc {
  _id: string;
  licenceId: string;
  name: string;
  description: string;
  createdAt: string;
}

const namedEntityProjection = (definition: NamedEntityDefinition, collection: string): Projection<NamedEntityDoc> => {
  const [created, updated, deleted] = definition.eventTypes;
  return {
    name: collection,
    collection,
    eventTypes: definition.eventTypes,
    documentIds: (event) => [(event.data as { id: string }).id],
    indexes: [{ keys: { licenceId: 1, name: 1 } }],
    evolve(doc, event) {
      const d = event.data as { id: string; licenceId?: string; name?: string; description?: string };
      switch (event.type) {
        case created:
          return {
            _id: d.id,
            licenceId: d.licenceId ?? '',
            name: d.name ?? '',
            description: d.description ?? '',
            createdAt: event.metadata.occurredAt,
          };
        case updated:
          return doc ? { ...doc, name: d.name ?? doc.name, description: d.description ?? doc.description } : doc;
        case deleted:
          return null;
        default:
          return doc;
      }
    },
  };
};

export const COMPANIES_COLLECTION = 'companies';
export const COLLECTIONS_COLLECTION = 'collections';
export const companiesProjection = namedEntityProjection(companies as unknown as NamedEntityDefinition, COMPANIES_COLLECTION);
export const collectionsProjection = namedEntityProjection(collections as unknown as NamedEntityDefinition, COLLECTIONS_COLLECTION);
