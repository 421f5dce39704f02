import type { ProjectWorkflowView } from '@stramien/api';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { projectWorkflowKeys, storeRole } from './queries';

const workflow: ProjectWorkflowView = {
  id: 'w1',
  project_id: 'p1',
  workflow_id: 'b1',
  name: 'Inspection',
  version: 1,
  latest_version: 1,
  roles: [{ id: 'r1', name: 'Inspector', teams: [], nodes: [] }],
  permissions: { read: true, write: true, admin: true },
};

const cached = (client: QueryClient) => client.getQueryData<ProjectWorkflowView>(projectWorkflowKeys.detail('p1', 'w1'))!.roles;

describe('storeRole', () => {
  it("puts a role command's answer into the workflow's cached view: added, replaced, or gone", () => {
    const client = new QueryClient();
    client.setQueryData(projectWorkflowKeys.detail('p1', 'w1'), workflow);
    const planner = { id: 'r2', name: 'Planner', teams: [], nodes: [] };
    storeRole(client, 'p1', 'w1', 'r2', planner);
    expect(cached(client)).toEqual([workflow.roles[0], planner]);
    storeRole(client, 'p1', 'w1', 'r1', { id: 'r1', name: 'Inspector', teams: ['t1'], nodes: ['n1'] });
    expect(cached(client)[0]).toEqual({ id: 'r1', name: 'Inspector', teams: ['t1'], nodes: ['n1'] });
    storeRole(client, 'p1', 'w1', 'r1', null);
    expect(cached(client)).toEqual([planner]);
  });
});
