import type { LicenceWorkflowView } from '@stramien/api';
import type { AppDeps } from '../../deps';

/**
 * The builder workflows read model (`workflows`, docs/workflows.md "Read models"; its owner, the builder, documents
 * the shape at the top of its projection). Only what the project workflows read of it.
 */
interface BuilderWorkflowDoc {
  _id: string;
  licenceId: string;
  name: string;
  /** the newest published version, 0 before the first publish */
  version: number;
  publishedAt?: string | null;
  [key: string]: unknown;
}

export const WORKFLOWS_COLLECTION = 'workflows';

/** The published workflows of a licence (`GET …/workflows/inLicense`), without the projects that run them. */
export const licenceWorkflowsOf = async (deps: AppDeps, licenceId: string): Promise<Omit<LicenceWorkflowView, 'project_workflows'>[]> =>
  (await deps.adapters.documentStore.collection<BuilderWorkflowDoc>(WORKFLOWS_COLLECTION).find({ licenceId, version: { $gt: 0 } })).map(
    (doc) => ({ id: doc._id, name: doc.name, version: doc.version, published_at: doc.publishedAt ?? null }),
  );
