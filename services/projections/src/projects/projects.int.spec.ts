import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProjections, type ProjectionsHarness } from '../testing/projectionHarness';
import { randomUUID } from 'node:crypto';
import { toProjectStreamId, type ProjectEvent } from '@stramien/domain';
import { applyBatch, toEnvelope } from '../runner/projectionRunner';
import type { Projection } from '../runner/projection';
import { projectsProjection, type ProjectDoc } from './projects';

let h: ProjectionsHarness;

const P = 'p-1';
const meta = (occurredAt = '2026-01-01T00:00:00.000Z') => ({
  userId: 'creator',
  licenceId: 'l1',
  projectId: P,
  correlationId: 'c',
  causationId: 'c',
  occurredAt,
});
const ev = (e: ProjectEvent, at?: string) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta(at) });

beforeEach(async () => {
  h = await startProjections([projectsProjection]);
});
afterEach(() => h.stop());

const history: ProjectEvent[] = [
  { type: 'ProjectCreated', data: { projectId: P, licenceId: 'l1', name: 'Nieuwbouw', number: '1', description: '', slug: '1-nieuwbouw' } },
  { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'ra', name: 'Admin', isProjectAdmin: true } },
  { type: 'ProjectRoleAdded', data: { projectId: P, roleId: 'rm', name: 'Member', isProjectAdmin: false } },
  { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'creator', roleId: 'ra' } },
  { type: 'ProjectMemberAdded', data: { projectId: P, userId: 'ann', roleId: 'rm' } },
  { type: 'ProjectModuleAdded', data: { projectId: P, moduleId: 'fourd', pool: 20 } },
  { type: 'ProjectLinkAdded', data: { projectId: P, linkId: 'k1', name: 'Drive', link: 'https://x.nl', color: null } },
  { type: 'ProjectAddedToFavorites', data: { projectId: P, userId: 'ann' } },
  { type: 'ProjectMemberRoleChanged', data: { projectId: P, userId: 'ann', roleId: 'ra' } },
  { type: 'ProjectLinkUpdated', data: { projectId: P, linkId: 'k1', name: 'Drive 2', link: 'https://x.nl', color: '#aabbcc' } },
  { type: 'ProjectImageChanged', data: { projectId: P, imageId: 'img-1', contentType: 'image/png', size: 10 } },
];

describe('the projects read model', () => {
  it('holds a project with its roles, members, modules, links, favourites and image', async () => {
    const { position } = await h.eventStore.append(
      toProjectStreamId(P),
      history.map((e) => ev(e)),
      'no_stream',
    );
    expect(await h.runner.waitForPosition(position, 5000)).toBe(true);
    const doc = await h.documentStore.collection<ProjectDoc>('projects').findOne({ _id: P });
    expect(doc).toMatchObject({
      licenceId: 'l1',
      slug: '1-nieuwbouw',
      archived: false,
      roles: [
        { id: 'ra', name: 'Admin', isProjectAdmin: true },
        { id: 'rm', name: 'Member', isProjectAdmin: false },
      ],
      members: [
        { userId: 'creator', roleId: 'ra' },
        { userId: 'ann', roleId: 'ra' },
      ],
      modules: [{ id: 'fourd', pool: 20 }],
      links: [{ id: 'k1', name: 'Drive 2', link: 'https://x.nl', color: '#aabbcc' }],
      favoriteUserIds: ['ann'],
      image: { id: 'img-1', contentType: 'image/png', size: 10 },
      createdBy: 'creator',
    });
    expect(await h.documentStore.collection('projects').count({ 'members.userId': 'ann' })).toBe(1);
  });

  it('archives, restores and removes members, links, roles and modules', async () => {
    const more: ProjectEvent[] = [
      { type: 'ProjectMemberRemoved', data: { projectId: P, userId: 'ann' } },
      { type: 'ProjectRoleRemoved', data: { projectId: P, roleId: 'rm' } },
      { type: 'ProjectLinkRemoved', data: { projectId: P, linkId: 'k1' } },
      { type: 'ProjectModuleRemoved', data: { projectId: P, moduleId: 'fourd' } },
      { type: 'ProjectRemovedFromFavorites', data: { projectId: P, userId: 'ann' } },
      { type: 'ProjectArchived', data: { projectId: P } },
    ];
    const { position } = await h.eventStore.append(
      toProjectStreamId(P),
      [...history, ...more].map((e) => ev(e, '2026-02-01T00:00:00.000Z')),
      'no_stream',
    );
    await h.runner.waitForPosition(position, 5000);
    const doc = await h.documentStore.collection<ProjectDoc>('projects').findOne({ _id: P });
    expect(doc).toMatchObject({ archived: true, archivedAt: '2026-02-01T00:00:00.000Z', links: [], modules: [], favoriteUserIds: [] });
    expect(doc?.members.map((x) => x.userId)).toEqual(['creator']);
    expect(doc?.roles.map((r) => r.id)).toEqual(['ra']);
    const restored = await h.eventStore.append(
      toProjectStreamId(P),
      [ev({ type: 'ProjectRestored', data: { projectId: P } })],
      history.length + more.length - 1,
    );
    await h.runner.waitForPosition(restored.position, 5000);
    expect(await h.documentStore.collection<ProjectDoc>('projects').findOne({ _id: P })).toMatchObject({
      archived: false,
      archivedAt: null,
    });
  });

  it('leaves the same document when the same events are handled twice', async () => {
    await h.eventStore.append(
      toProjectStreamId(P),
      history.map((e) => ev(e)),
      'no_stream',
    );
    const recorded = (await h.eventStore.readStream(toProjectStreamId(P))).map(toEnvelope);
    const collection = h.documentStore.collection('projects__twice');
    await applyBatch(projectsProjection as unknown as Projection, collection, recorded);
    const once = await collection.findOne({ _id: P });
    await applyBatch(projectsProjection as unknown as Projection, collection, recorded);
    expect(await collection.findOne({ _id: P })).toEqual(once);
  });
});
