import { z } from 'zod';
import { DomainError } from '../shared/domainError';
import { directoryMessages } from './messages';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import type { EventSchemas } from '../shared/envelope';
import { namedEntityMessages } from './namedEntityMessages';

/**
 * A named entity of a licence (companies, collections; docs/admin.md): a name, an optional description, and
 * a life of create -> update* -> delete. One factory builds the events, state and decider per kind, so every
 * kind has its own event types (`CompanyCreated`, `CollectionCreated`, ...) and stream category.
 */
export const NAMED_ENTITY_NAME_MAX = 100;
export const NAMED_ENTITY_DESCRIPTION_MAX = 500;

export { namedEntityMessages };

const createdData = z.object({ id: z.string(), licenceId: z.string(), name: z.string(), description: z.string() });
const updatedData = z.object({ id: z.string(), name: z.string(), description: z.string() });
const deletedData = z.object({ id: z.string() });

export type NamedEntityEvent<P extends string> =
  | { type: `${P}Created`; data: z.infer<typeof createdData> }
  | { type: `${P}Updated`; data: z.infer<typeof updatedData> }
  | { type: `${P}Deleted`; data: z.infer<typeof deletedData> };

export interface NamedEntityState {
  exists: boolean;
  deleted: boolean;
  id: string;
  licenceId: string;
  name: string;
  description: string;
}

/** nameTaken is established by the handler (read model of the licence's entities) before deciding */
export type NamedEntityCommand =
  | Command<'Create', { id: string; licenceId: string; name: string; description: string; nameTaken: boolean }>
  | Command<'Update', { name?: string; description?: string; nameTaken: boolean }>
  | Command<'Delete', Record<string, never>>;

export const defineNamedEntity = <P extends string, C extends string>(prefix: P, category: C, notFoundMessage: string) => {
  type E = NamedEntityEvent<P>;
  const created = `${prefix}Created` as const;
  const updated = `${prefix}Updated` as const;
  const deleted = `${prefix}Deleted` as const;
  const schemas = { [created]: createdData, [updated]: updatedData, [deleted]: deletedData } as unknown as EventSchemas<E>;
  const eventTypes = [created, updated, deleted] as const;
  const initialState = (): NamedEntityState => ({ exists: false, deleted: false, id: '', licenceId: '', name: '', description: '' });

  const evolve = (state: NamedEntityState, event: E): NamedEntityState => {
    switch (event.type) {
      case created: {
        const d = event.data as z.infer<typeof createdData>;
        return { ...initialState(), exists: true, ...d };
      }
      case updated: {
        const d = event.data as z.infer<typeof updatedData>;
        return { ...state, name: d.name, description: d.description };
      }
      case deleted:
        return { ...state, deleted: true };
      default:
        return state;
    }
  };

  const invalid = (field: string, message: string) => new DomainError(message, 422, { [field]: [message] });
  const check = (name: string, description: string, nameTaken: boolean): DomainError | null => {
    if (name === '') return invalid('name', namedEntityMessages.nameRequired);
    if (name.length > NAMED_ENTITY_NAME_MAX) return invalid('name', namedEntityMessages.nameTooLong);
    if (description.length > NAMED_ENTITY_DESCRIPTION_MAX) return invalid('description', namedEntityMessages.descriptionTooLong);
    if (nameTaken) return new DomainError(namedEntityMessages.nameTaken, 409, { name: [namedEntityMessages.nameTaken] });
    return null;
  };

  const decide = (command: NamedEntityCommand, state: NamedEntityState): E[] | DomainError => {
    switch (command.type) {
      case 'Create': {
        if (state.exists) return new DomainError(namedEntityMessages.alreadyExists, 409);
        const name = command.data.name.trim();
        const description = command.data.description.trim();
        const error = check(name, description, command.data.nameTaken);
        if (error) return error;
        return [{ type: created, data: { id: command.data.id, licenceId: command.data.licenceId, name, description } } as E];
      }
      case 'Update': {
        if (!state.exists || state.deleted) return new DomainError(notFoundMessage, 404);
        const name = command.data.name?.trim() ?? state.name;
        const description = command.data.description?.trim() ?? state.description;
        const error = check(name, description, command.data.nameTaken && name.toLocaleLowerCase() !== state.name.toLocaleLowerCase());
        if (error) return error;
        if (name === state.name && description === state.description) return [];
        return [{ type: updated, data: { id: state.id, name, description } } as E];
      }
      case 'Delete':
        if (!state.exists || state.deleted) return new DomainError(notFoundMessage, 404);
        return [{ type: deleted, data: { id: state.id } } as E];
      default: {
        const _exhaustive: never = command;
        throw unknownCommand(_exhaustive);
      }
    }
  };

  const decider: Decider<NamedEntityCommand, E, NamedEntityState> = { initialState, evolve, decide };
  return {
    prefix,
    category,
    eventTypes,
    schemas,
    decider,
    notFoundMessage,
    toStreamId: (id: string): string => `${category}-${id}`,
  };
};

export type NamedEntityDefinition = ReturnType<typeof defineNamedEntity<string, string>>;

/** Companies of a licence (admin tab 'companies', needs admin-account-companies). */
export const companies = defineNamedEntity('Company', 'company', directoryMessages.companyNotFound);
/** Collections of a licence (admin tab 'collections', needs admin). */
export const collections = defineNamedEntity('Collection', 'collection', directoryMessages.collectionNotFound);
