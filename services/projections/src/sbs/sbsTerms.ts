import type { Doc } from '@stramien/infra';
import type { EventEnvelope, SbsNodeEvent } from '@stramien/domain';
import { sbsNodeEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';
import { sbsSearchText } from './sbsNodes';

export const SBS_TERMS_COLLECTION = 'sbs_terms';
/** a term keeps this many characters; a longer search value is looked up by its first ones, then checked whole */
export const SBS_TERM_MAX = 32;
/** characters that start a new segment of a code or word of a label */
export const SBS_SEGMENT_SEPARATOR = '[\\s._/-]';
const separator = new RegExp(SBS_SEGMENT_SEPARATOR);

/**
 * The `sbs_terms` read model (docs/sbs.md "Search"): for each live node, one document per place where a segment of
 * its code or a word of its label starts, holding the lower-case `code label` text from there (at most SBS_TERM_MAX
 * characters) and the node's code. A search is a prefix range on the {projectId, versionId, term, code, _id} index,
 * sorted by code in the store. The embedded document store indexes scalar fields only, so the terms are documents rather than
 * an array field of the node.
 */
export interface SbsTermDoc extends Doc {
  _id: string;
  nodeId: string;
  projectId: string;
  versionId: string;
  term: string;
  /** the node's code: a search sorts its terms by it */
  code: string;
}

/** the terms of a node's search text: its text from each segment start on, without duplicates */
export const sbsSearchTerms = (search: string): string[] => {
  const terms = new Set<string>();
  for (let i = 0; i < search.length; i++) {
    if (separator.test(search[i]!) || (i > 0 && !separator.test(search[i - 1]!))) continue;
    terms.add(search.slice(i, i + SBS_TERM_MAX));
  }
  return [...terms];
};

/** a search value as the terms hold it: lower-case, without leading separators */
export const sbsSearchNeedle = (value: string): string => value.toLowerCase().replace(new RegExp(`^${SBS_SEGMENT_SEPARATOR}+`), '');

export const sbsTermId = (nodeId: string, term: string): string => `${nodeId}|${term}`;

type E<T extends SbsNodeEvent['type']> = EventEnvelope<Extract<SbsNodeEvent, { type: T }>>;

const termsOf = (code: string, label: string): string[] => sbsSearchTerms(sbsSearchText(code, label));

export const sbsTermsProjection: Projection<SbsTermDoc> = {
  name: 'sbsTerms',
  collection: SBS_TERMS_COLLECTION,
  eventTypes: sbsNodeEventTypes,
  documentIds: (event) => {
    const data = (event as E<SbsNodeEvent['type']>).data;
    const before = event.type === 'SbsNodeUpdated' ? (event as E<'SbsNodeUpdated'>).data.previous : null;
    const terms = new Set([...termsOf(data.code, data.label), ...(before ? termsOf(before.code, before.label) : [])]);
    return [...terms].map((term) => sbsTermId(data.nodeId, term));
  },
  // code and _id too: a search's page (a term range by code) is then read from the index alone, without a document
  indexes: [{ keys: { projectId: 1, versionId: 1, term: 1, code: 1, _id: 1 } }],
  evolve(_doc, event, id) {
    const data = (event as E<SbsNodeEvent['type']>).data;
    if (event.type === 'SbsNodeDeleted') return null;
    const term = id.slice(data.nodeId.length + 1);
    if (!termsOf(data.code, data.label).includes(term)) return null;
    return { _id: id, nodeId: data.nodeId, projectId: data.projectId, versionId: data.versionId, term, code: data.code };
  },
};
