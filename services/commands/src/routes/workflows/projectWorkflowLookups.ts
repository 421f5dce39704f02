import type { LicenceWorkflowView } from '@stramien/api';
import { WORKFLOWS_COLLECTION, type WorkflowDoc } from '@stramien/projections/workflows/builderWorkflows';
import type { AppDeps } from '../../deps';

/** Only what the project workflows read of a builder workflow: no graphs. */
const SUMMARY = { projection: { _id: 1, licenceId: 1, name: 1, version: 1, versions: 1 } } as const;
type Summary = Pick<WorkflowDoc, '_id' | 'licenceId' | 'name' | 'version' | 'versions'>;

/** The published workflows of a licence (`GET …/workflows/inLicense`), from the builder's `workflows` read model. */
export const licenceWorkflowsOf = async (deps: AppDeps, licenceId: string): Promise<Omit<LicenceWorkflowView, 'project_workflows'>[]> =>
  (await deps.adapters.documentStore.collection<WorkflowDoc>(WORKFLOWS_COLLECTION).find({ licenceId, version: { $gt: 0 } }, SUMMARY)).map(
    (doc: Summary) => ({
      id: doc._id,
      name: doc.name,
      version: doc.version,
      published_at: doc.versions.find((v) => v.version === doc.version)?.publishedAt ?? null,
    }),
  );

/** The newest published version of each builder workflow (0: deleted, so no newer version will come). */
export const latestVersionsOf = async (deps: AppDeps, workflowIds: string[]): Promise<Map<string, number>> => {
  const docs: Summary[] = await deps.adapters.documentStore
    .collection<WorkflowDoc>(WORKFLOWS_COLLECTION)
    .find({ _id: { $in: [...new Set(workflowIds)] } }, SUMMARY);
  return new Map(workflowIds.map((id) => [id, docs.find((d) => d._id === id)?.version ?? 0]));
};
