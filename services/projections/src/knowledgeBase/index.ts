import type { Projection } from '../runner/projection';
import { articlesProjection } from './articles';

/** Read models of the knowledge base. */
export const knowledgeBaseProjections: Projection[] = [articlesProjection] as unknown as Projection[];
