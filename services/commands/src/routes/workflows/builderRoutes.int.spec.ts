import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRoutes, builderRoutes, licenceRoutes } from '@stramien/api';
import { messages, toBlockConfigFile, workflowMessages, type BlockConfig } from '@stramien/domain';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createTeamsWorld, failure, type TeamsWorld } from '../teams/testFixtures';

let server: TestServer;
let w: TeamsWorld;
/** a licence DEMO.user administers (in the demo licence DEMO.user is an ordinary user) */
let ownLicenceId: string;
beforeAll(async () => {
  server = await startTestServer();
  w = await createTeamsWorld(server);
  const own = await w.admin.call(licenceRoutes.create, { body: { name: `Builders ${randomUUID().slice(0, 8)}` } });
  ownLicenceId = own.data.id;
  await w.admin.call(accountRoutes.addLicenceUser, { params: { id: ownLicenceId }, body: { user_id: w.userId, is_admin: true } });
});
afterAll(async () => {
  await server?.close();
});

const head = () => server.adapters.eventStore.headPosition();
const unique = () => randomUUID().slice(0, 8);
const manual: BlockConfig = {
  name: 'Inspect',
  panels: [{ id: 'main', title: 'Main', fields: [{ id: 'remarks', label: 'Remarks', type: 'text' }] }],
};
const notify: BlockConfig = { name: 'Tell', action: { type: 'notify', to: 'session-starter', message: 'Seen: {{session.name}}' } };
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** a workflow of DEMO.user's own licence */
const createWorkflow = async (name = `Flow ${unique()}`) =>
  (await w.user.call(builderRoutes.create, { body: { name, license: ownLicenceId } })).data;

/** start node (manual) -> automated node that uses the start node's remarks: a valid draft */
const buildValid = async () => {
  const wf = await createWorkflow();
  const id = wf.id;
  const b1 = (await w.user.call(builderRoutes.addBlock, { params: { id }, body: { file: toBlockConfigFile(manual) } })).data;
  const b2 = (await w.user.call(builderRoutes.addBlock, { params: { id }, body: { file: toBlockConfigFile(notify) } })).data;
  const n1 = (await w.user.call(builderRoutes.addNode, { params: { id }, body: { id: randomUUID(), block: b1.id, type: 'start' } })).data;
  const n2 = (await w.user.call(builderRoutes.addNode, { params: { id }, body: { block: { id: b2.id }, position: { x: 200, y: 80 } } }))
    .data;
  const link = (await w.user.call(builderRoutes.addLink, { params: { id }, body: { previous_node: n1.id, node: n2.id } })).data;
  return { id, b1, b2, n1, n2, link };
};

describe('workflows: create, list, get, rename, delete', () => {
  it('creates a workflow in the given licence and shows it in the list, sorted by name without regard to case', async () => {
    const suffix = unique();
    const b = await createWorkflow(`b ${suffix}`);
    const a = await createWorkflow(`A ${suffix}`);
    expect(a).toMatchObject({ name: `A ${suffix}`, license: { id: ownLicenceId }, version: 0, published: false, draft_changed: true });
    expect(a).toMatchObject({ blocks: [], nodes: [], links: [], versions: [], node_count: 0 });
    const list = await w.user.call(builderRoutes.list, { query: { license: ownLicenceId, search: suffix } });
    expect(list.data.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(list.meta).toEqual({ current_page: 1, per_page: 50, total: 2, last_page: 1 });
    const paged = await w.user.call(builderRoutes.list, { query: { license: ownLicenceId, search: suffix, page: 2, per_page: 1 } });
    expect(paged.data.map((x) => x.id)).toEqual([b.id]);
    expect(paged.meta).toMatchObject({ total: 2, last_page: 2 });
    expect((await w.user.call(builderRoutes.get, { params: { id: a.id } })).data.name).toBe(`A ${suffix}`);
  });

  it('refuses a name taken in the licence (any case) with 409 and an empty name with 422, appending nothing', async () => {
    const wf = await createWorkflow();
    const before = await head();
    expect(
      await failure(w.user.call(builderRoutes.create, { body: { name: wf.name.toUpperCase(), license: ownLicenceId } })),
    ).toMatchObject({
      status: 409,
      message: workflowMessages.nameTaken,
    });
    expect(await failure(w.user.call(builderRoutes.create, { body: { name: '  ', license: ownLicenceId } }))).toMatchObject({
      status: 422,
      errors: { name: [messages.validation.required] },
    });
    expect(await head()).toBe(before);
  });

  it('renames and deletes a workflow; a deleted one answers 404', async () => {
    const wf = await createWorkflow();
    const renamed = await w.user.call(builderRoutes.rename, { params: { id: wf.id }, body: { name: `Renamed ${unique()}` } });
    expect(renamed.data.name).toMatch(/^Renamed /);
    await w.user.call(builderRoutes.delete, { params: { id: wf.id } });
    expect(await failure(w.user.call(builderRoutes.get, { params: { id: wf.id } }))).toMatchObject({
      status: 404,
      message: workflowMessages.notFound,
    });
    expect((await failure(w.user.call(builderRoutes.delete, { params: { id: wf.id } }))).status).toBe(404);
  });

  it('answers 403 to a user of the licence who is not its admin, 404 for another licence, and lets a system admin in', async () => {
    expect(await failure(w.user.call(builderRoutes.list, { query: { license: w.demoLicenceId } }))).toMatchObject({
      status: 403,
      message: messages.shared.forbidden,
    });
    expect((await failure(w.user.call(builderRoutes.create, { body: { name: 'X', license: w.demoLicenceId } }))).status).toBe(403);
    const foreign = await w.admin.call(builderRoutes.create, { body: { name: `Foreign ${unique()}`, license: w.otherLicenceId } });
    const before = await head();
    for (const call of [
      () => w.user.call(builderRoutes.get, { params: { id: foreign.data.id } }),
      () => w.user.call(builderRoutes.blocks, { params: { id: foreign.data.id } }),
      () => w.user.call(builderRoutes.rename, { params: { id: foreign.data.id }, body: { name: 'Mine' } }),
      () => w.user.call(builderRoutes.addBlock, { params: { id: foreign.data.id }, body: {} }),
      () => w.user.call(builderRoutes.publish, { params: { id: foreign.data.id } }),
      () => w.user.call(builderRoutes.list, { query: { license: w.otherLicenceId } }),
    ])
      expect(await failure(call())).toMatchObject({ status: 404 });
    expect(await head()).toBe(before);
    const mine = await createWorkflow();
    expect((await w.admin.call(builderRoutes.get, { params: { id: mine.id } })).data.id).toBe(mine.id);
  });

  it('answers 404 for an unknown workflow and 400 for ids that are not uuids or unknown fields', async () => {
    expect((await failure(w.user.call(builderRoutes.get, { params: { id: randomUUID() } }))).status).toBe(404);
    expect((await failure(w.user.call(builderRoutes.get, { params: { id: 'nope' } }))).status).toBe(400);
    expect((await failure(w.user.call(builderRoutes.create, { body: { name: 'X', colour: 'red' } as never }))).status).toBe(400);
    expect((await failure(w.user.call(builderRoutes.create, { body: { name: 'x'.repeat(101) } }))).status).toBe(400);
  });
});

describe('blocks', () => {
  it('adds a block with its file, answering the file and the decoded configuration; reads and rebuilds its document', async () => {
    const wf = await createWorkflow();
    const added = await w.user.call(builderRoutes.addBlock, { params: { id: wf.id }, body: { file: toBlockConfigFile(manual) } });
    expect(added.data).toMatchObject({ name: 'Inspect', kind: 'manual', configuration: manual, nodes: [] });
    expect(JSON.parse(Buffer.from(added.data.config!.file, 'base64').toString('utf8'))).toEqual(manual);
    const params = { id: wf.id, blockId: added.data.id };
    expect((await w.user.call(builderRoutes.getBlock, { params })).data).toEqual(added.data);
    expect((await w.user.call(builderRoutes.blocks, { params: { id: wf.id } })).data).toEqual([added.data]);
    const document = await w.user.call(builderRoutes.blockDocument, { params: { ...params, documentId: added.data.config!.id } });
    expect(document.data).toMatchObject({
      id: added.data.config!.id,
      content_type: 'application/json',
      file: added.data.config!.file,
      configuration: manual,
    });
    expect((await failure(w.user.call(builderRoutes.blockDocument, { params: { ...params, documentId: randomUUID() } }))).status).toBe(404);
  });

  it('adds a block without configuration, then configures it (a data: URL too) and answers the change', async () => {
    const wf = await createWorkflow();
    const empty = await w.user.call(builderRoutes.addBlock, { params: { id: wf.id }, body: {} });
    expect(empty.data).toMatchObject({ name: null, kind: null, config: null, configuration: null });
    const params = { id: wf.id, blockId: empty.data.id };
    const saved = await w.user.call(builderRoutes.configureBlock, {
      params,
      body: { file: `data:application/json;base64,${toBlockConfigFile(notify)}` },
    });
    expect(saved.data).toMatchObject({ name: 'Tell', kind: 'automated', configuration: notify });
  });

  it.each([
    ['not base64', '%%%not base64%%%', undefined],
    ['not JSON', base64('{"name": '), undefined],
    [
      'not the schema',
      toBlockConfigFile({
        name: 'Bad',
        panels: [{ id: 'main', title: 'Main', fields: [{ id: 'c', label: 'C', type: 'choice' }] }],
      } as never),
      'panels.0.fields.0.options',
    ],
  ])("refuses a file that is %s with the spec's message (422), appending nothing", async (_, file, path) => {
    const wf = await createWorkflow();
    const block = await w.user.call(builderRoutes.addBlock, { params: { id: wf.id }, body: {} });
    const before = await head();
    for (const call of [
      () => w.user.call(builderRoutes.addBlock, { params: { id: wf.id }, body: { file } }),
      () => w.user.call(builderRoutes.configureBlock, { params: { id: wf.id, blockId: block.data.id }, body: { file } }),
    ]) {
      const refused = await failure(call());
      expect(refused).toMatchObject({ status: 422, message: workflowMessages.blockConfigInvalid });
      if (path) expect(Object.keys(refused.errors ?? {})).toContain(path);
    }
    expect(await head()).toBe(before);
  });

  it('answers 404 for an unknown block, and removes a block only when no node runs it (409)', async () => {
    const g = await buildValid();
    const unknown = { id: g.id, blockId: randomUUID() };
    expect(await failure(w.user.call(builderRoutes.getBlock, { params: unknown }))).toMatchObject({
      status: 404,
      message: workflowMessages.blockNotFound,
    });
    expect(
      (await failure(w.user.call(builderRoutes.configureBlock, { params: unknown, body: { file: toBlockConfigFile(manual) } }))).status,
    ).toBe(404);
    expect((await failure(w.user.call(builderRoutes.deleteBlock, { params: unknown }))).status).toBe(404);
    expect(await failure(w.user.call(builderRoutes.deleteBlock, { params: { id: g.id, blockId: g.b2.id } }))).toMatchObject({
      status: 409,
      message: workflowMessages.blockInUse,
    });
    await w.user.call(builderRoutes.deleteNode, { params: { id: g.id, nodeId: g.n2.id } });
    await w.user.call(builderRoutes.deleteBlock, { params: { id: g.id, blockId: g.b2.id } });
    expect((await w.user.call(builderRoutes.blocks, { params: { id: g.id } })).data.map((b) => b.id)).toEqual([g.b1.id]);
  });
});

describe('nodes and links', () => {
  it('adds nodes (the start node, positions) and links in the spec shapes, and lists them', async () => {
    const g = await buildValid();
    expect(g.n1).toEqual({ id: g.n1.id, type: 'start', start: true, block: g.b1.id, position: null });
    expect(g.n2).toEqual({ id: g.n2.id, type: null, start: false, block: g.b2.id, position: { x: 200, y: 80 } });
    expect(g.link).toEqual({ id: g.link.id, previous_node: g.n1.id, node: g.n2.id });
    expect((await w.user.call(builderRoutes.nodes, { params: { id: g.id } })).data).toEqual([g.n1, g.n2]);
    expect((await w.user.call(builderRoutes.links, { params: { id: g.id } })).data).toEqual([g.link]);
    expect((await w.user.call(builderRoutes.getBlock, { params: { id: g.id, blockId: g.b1.id } })).data.nodes).toEqual([g.n1.id]);
  });

  it('moves a node on the canvas', async () => {
    const g = await buildValid();
    const moved = await w.user.call(builderRoutes.moveNode, {
      params: { id: g.id, nodeId: g.n1.id },
      body: { position: { x: -40.5, y: 12 } },
    });
    expect(moved.data.position).toEqual({ x: -40.5, y: 12 });
    expect((await w.user.call(builderRoutes.get, { params: { id: g.id } })).data.nodes[0]!.position).toEqual({ x: -40.5, y: 12 });
    expect(
      (
        await failure(
          w.user.call(builderRoutes.moveNode, { params: { id: g.id, nodeId: randomUUID() }, body: { position: { x: 1, y: 1 } } }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await failure(
          w.user.call(builderRoutes.moveNode, { params: { id: g.id, nodeId: g.n1.id }, body: { position: { x: 'a' } } as never }),
        )
      ).status,
    ).toBe(400);
  });

  it('refuses a node of an unknown block, a link to an unknown node, to itself or twice, appending nothing', async () => {
    const g = await buildValid();
    const before = await head();
    expect(await failure(w.user.call(builderRoutes.addNode, { params: { id: g.id }, body: { block: randomUUID() } }))).toMatchObject({
      status: 422,
      errors: { block: [workflowMessages.blockNotFound] },
    });
    expect(
      await failure(w.user.call(builderRoutes.addLink, { params: { id: g.id }, body: { previous_node: randomUUID(), node: g.n2.id } })),
    ).toMatchObject({
      status: 422,
      errors: { previous_node: [workflowMessages.nodeNotFound] },
    });
    expect(
      await failure(w.user.call(builderRoutes.addLink, { params: { id: g.id }, body: { previous_node: g.n1.id, node: g.n1.id } })),
    ).toMatchObject({
      status: 422,
      errors: { node: [workflowMessages.linkToItself] },
    });
    expect(
      await failure(w.user.call(builderRoutes.addLink, { params: { id: g.id }, body: { previous_node: g.n1.id, node: g.n2.id } })),
    ).toMatchObject({
      status: 409,
      message: workflowMessages.linkExists,
    });
    expect((await failure(w.user.call(builderRoutes.deleteLink, { params: { id: g.id, linkId: randomUUID() } }))).status).toBe(404);
    expect((await failure(w.user.call(builderRoutes.deleteNode, { params: { id: g.id, nodeId: randomUUID() } }))).status).toBe(404);
    expect(await head()).toBe(before);
  });

  it('removes a link, and a node with its links', async () => {
    const g = await buildValid();
    await w.user.call(builderRoutes.deleteLink, { params: { id: g.id, linkId: g.link.id } });
    expect((await w.user.call(builderRoutes.links, { params: { id: g.id } })).data).toEqual([]);
    const again = await w.user.call(builderRoutes.addLink, {
      params: { id: g.id },
      body: { previous_node: { id: g.n1.id }, node: { id: g.n2.id } },
    });
    await w.user.call(builderRoutes.deleteNode, { params: { id: g.id, nodeId: g.n1.id } });
    const after = (await w.user.call(builderRoutes.get, { params: { id: g.id } })).data;
    expect(after.nodes.map((n) => n.id)).toEqual([g.n2.id]);
    expect(after.links.map((l) => l.id)).not.toContain(again.data.id);
  });
});

describe('validation, publishing and versions', () => {
  it("shows the draft's problems on its nodes for the canvas", async () => {
    const wf = await createWorkflow();
    expect((await w.user.call(builderRoutes.validation, { params: { id: wf.id } })).data).toEqual({
      valid: false,
      problems: [expect.objectContaining({ key: 'workflows.noStartNode', message: workflowMessages.noStartNode })],
      errors: { workflow: [workflowMessages.noStartNode] },
    });
    const g = await buildValid();
    await w.user.call(builderRoutes.deleteLink, { params: { id: g.id, linkId: g.link.id } });
    const problems = (await w.user.call(builderRoutes.validation, { params: { id: g.id } })).data;
    expect(problems.valid).toBe(false);
    expect(problems.problems.find((p) => p.key === 'workflows.unreachableNode')).toMatchObject({ node_ids: [g.n2.id] });
  });

  it('refuses to publish an invalid draft with its errors, appending nothing', async () => {
    const g = await buildValid();
    await w.user.call(builderRoutes.deleteLink, { params: { id: g.id, linkId: g.link.id } });
    const preview = (await w.user.call(builderRoutes.publishPreview, { params: { id: g.id } })).data;
    expect(preview).toMatchObject({ valid: false, can_publish: false, version: 1 });
    const before = await head();
    const refused = await failure(w.user.call(builderRoutes.publish, { params: { id: g.id } }));
    expect(refused).toMatchObject({ status: 422, message: workflowMessages.graphInvalid });
    expect(refused.errors?.[`node:${g.n2.id}`]).toContain(workflowMessages.unreachableNode);
    expect(await head()).toBe(before);
  });

  it('publishes version 1 with its changes, refuses a second publish without change (409), and keeps versions frozen', async () => {
    const g = await buildValid();
    const preview = (await w.user.call(builderRoutes.publishPreview, { params: { id: g.id } })).data;
    expect(preview).toMatchObject({ valid: true, changed: true, can_publish: true, version: 1, errors: {} });
    expect(preview.changes.nodes.added).toEqual([g.n1.id, g.n2.id]);
    const published = await w.user.call(builderRoutes.publish, { params: { id: g.id } });
    expect(published.data).toEqual({ version: 1, changes: preview.changes });
    expect(await failure(w.user.call(builderRoutes.publish, { params: { id: g.id } }))).toMatchObject({
      status: 409,
      message: 'Nothing has changed since version 1.',
    });
    // a move is layout, not a change
    await w.user.call(builderRoutes.moveNode, { params: { id: g.id, nodeId: g.n2.id }, body: { position: { x: 5, y: 5 } } });
    expect((await w.user.call(builderRoutes.publishPreview, { params: { id: g.id } })).data).toMatchObject({
      changed: false,
      can_publish: false,
    });
    expect((await w.user.call(builderRoutes.get, { params: { id: g.id } })).data).toMatchObject({
      version: 1,
      published: true,
      draft_changed: false,
    });

    // more edits, then version 2: version 1 stays as it was
    const renamed: BlockConfig = { ...manual, name: 'Inspect again' };
    await w.user.call(builderRoutes.configureBlock, { params: { id: g.id, blockId: g.b1.id }, body: { file: toBlockConfigFile(renamed) } });
    const b3 = await w.user.call(builderRoutes.addBlock, {
      params: { id: g.id },
      body: { file: toBlockConfigFile({ ...notify, name: 'Third' }) },
    });
    const n3 = await w.user.call(builderRoutes.addNode, { params: { id: g.id }, body: { block: b3.data.id } });
    await w.user.call(builderRoutes.addLink, { params: { id: g.id }, body: { previous_node: g.n1.id, node: n3.data.id } });
    expect((await w.user.call(builderRoutes.get, { params: { id: g.id } })).data.draft_changed).toBe(true);
    const second = await w.user.call(builderRoutes.publish, { params: { id: g.id } });
    expect(second.data.version).toBe(2);
    expect(second.data.changes.nodes).toEqual({ added: [n3.data.id], removed: [], changed: [] });
    expect(second.data.changes.blocks).toEqual({ added: [b3.data.id], removed: [], changed: [g.b1.id] });

    const versions = (await w.user.call(builderRoutes.versions, { params: { id: g.id } })).data;
    expect(versions.map((v) => [v.version, v.node_count, v.link_count, v.block_count])).toEqual([
      [2, 3, 2, 3],
      [1, 2, 1, 2],
    ]);
    const v1 = (await w.user.call(builderRoutes.version, { params: { id: g.id, version: 1 } })).data;
    expect(v1.nodes.map((n) => n.id)).toEqual([g.n1.id, g.n2.id]);
    expect(v1.nodes.every((n) => n.position === null)).toBe(true);
    expect(v1.blocks.find((b) => b.id === g.b1.id)!.configuration).toEqual(manual);
    expect(v1.links).toEqual([g.link]);
    expect((await failure(w.user.call(builderRoutes.version, { params: { id: g.id, version: 3 } }))).status).toBe(404);
    const list = await w.user.call(builderRoutes.list, {
      query: { license: ownLicenceId, search: (await w.user.call(builderRoutes.get, { params: { id: g.id } })).data.name },
    });
    expect(list.data[0]).toMatchObject({ id: g.id, version: 2, published: true, node_count: 3 });
  });
});
