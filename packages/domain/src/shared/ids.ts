import { v5 as uuidv5 } from 'uuid';

/** The namespace of Stramien's name-based (v5) ids; fixed for ever, or stored ids stop matching. */
const STRAMIEN_ID_NAMESPACE = '458f2246-b77e-4729-b8ef-426aa01cb6c5';

/**
 * A deterministic id (uuid v5, RFC 9562) from its parts: the same parts give the same id on every machine, in every
 * replay and in every retry, so an effect named by it is done once however often it is tried — a task or record an
 * import row becomes (a chunk run again finds those it created), a workflow session's job, a process manager's task
 * (docs/workflows.md "The process manager"). The first part names the use, so two uses never share an id.
 */
export const derivedId = (...parts: string[]): string => uuidv5(parts.join('\n'), STRAMIEN_ID_NAMESPACE);
