import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { sbsNodeDecider, sbsVersionDecider, type SbsNodeCommand, type SbsVersionCommand } from './decide';
import { sbsMessages } from './messages';
import type { SbsNodeEvent } from './sbsNode';
import type { SbsVersionEvent } from './sbsVersion';
import { toSbsNodeStreamId, toSbsVersionStreamId } from './sbsStream';

const nodeSpec = deciderSpec(sbsNodeDecider);
const versionSpec = deciderSpec(sbsVersionDecider);
const metadata = { actor: { userId: 'admin', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const nodeCommand = <T extends SbsNodeCommand['type']>(type: T, data: Extract<SbsNodeCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<SbsNodeCommand, { type: T }>;
const versionCommand = <T extends SbsVersionCommand['type']>(type: T, data: Extract<SbsVersionCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<SbsVersionCommand, { type: T }>;

const node = { nodeId: 'n1', projectId: 'p1', versionId: 'p1', code: 'A.1', label: 'Walls', parentId: 'n0' };
const created: SbsNodeEvent = { type: 'SbsNodeCreated', data: node };
const deleted: SbsNodeEvent = { type: 'SbsNodeDeleted', data: node };
const create = (over: Partial<Extract<SbsNodeCommand, { type: 'CreateSbsNode' }>['data']> = {}) =>
  nodeCommand('CreateSbsNode', {
    nodeId: 'n1',
    projectId: 'p1',
    versionId: 'p1',
    code: ' A.1 ',
    label: 'Walls ',
    parent: { code: 'A', id: 'n0' },
    codeTaken: false,
    ...over,
  });
const update = (over: Partial<Extract<SbsNodeCommand, { type: 'UpdateSbsNode' }>['data']> = {}) =>
  nodeCommand('UpdateSbsNode', { code: 'A.1', label: 'Walls', parent: { code: 'A', id: 'n0' }, codeTaken: false, ...over });

describe('SbsNode', () => {
  it('lives in the stream sbs-<id>', () => expect(toSbsNodeStreamId('n1')).toBe('sbs-n1'));

  describe('when created', () => {
    it('records the trimmed code and label under the resolved parent', () => nodeSpec.given([]).when(create()).then([created]));
    it('is a root without a parent', () =>
      nodeSpec
        .given([])
        .when(create({ parent: null }))
        .then([{ type: 'SbsNodeCreated', data: { ...node, parentId: null } }]));
    it("refuses an empty code with 'Required.'", () =>
      nodeSpec
        .given([])
        .when(create({ code: '  ' }))
        .thenThrows(sbsMessages.codeRequired, 422));
    it('refuses a code longer than 100 characters', () =>
      nodeSpec
        .given([])
        .when(create({ code: 'x'.repeat(101) }))
        .thenThrows(sbsMessages.codeTooLong, 422));
    it('refuses a label longer than 255 characters', () =>
      nodeSpec
        .given([])
        .when(create({ label: 'x'.repeat(256) }))
        .thenThrows(sbsMessages.labelTooLong, 422));
    it('refuses a code the version already has', () =>
      nodeSpec
        .given([])
        .when(create({ codeTaken: true }))
        .thenThrows('The code A.1 is already used in this SBS version.', 409));
    it('refuses a parent code the version does not have', () =>
      nodeSpec
        .given([])
        .when(create({ parent: { code: 'Z', id: null } }))
        .thenThrows('Parent code Z is not in this SBS version.', 422));
    it('refuses to create the same node twice', () => nodeSpec.given([created]).when(create()).thenThrows(sbsMessages.alreadyExists, 409));
  });

  describe('when updated', () => {
    it('records the new values and the previous ones', () =>
      nodeSpec
        .given([created])
        .when(update({ label: 'Outer walls', parent: null }))
        .then([
          {
            type: 'SbsNodeUpdated',
            data: { ...node, label: 'Outer walls', parentId: null, previous: { code: 'A.1', label: 'Walls', parentId: 'n0' } },
          },
        ]));
    it('records nothing when nothing changes', () => nodeSpec.given([created]).when(update()).then([]));
    it('keeps its own code even when the lookup finds it', () =>
      nodeSpec
        .given([created])
        .when(update({ codeTaken: true }))
        .then([]));
    it('refuses a code another node has', () =>
      nodeSpec
        .given([created])
        .when(update({ code: 'B', codeTaken: true }))
        .thenThrows('The code B is already used in this SBS version.', 409));
    it('refuses itself as parent', () =>
      nodeSpec
        .given([created])
        .when(update({ parent: { code: 'A.1', id: 'n1' } }))
        .thenThrows(sbsMessages.parentIsSelf, 422));
    it('refuses a parent below itself', () =>
      nodeSpec
        .given([created])
        .when(update({ parent: { code: 'A.1.1', id: 'n2', below: true } }))
        .thenThrows('The parent A.1.1 lies below this record.', 422));
    it('is not found once deleted', () => nodeSpec.given([created, deleted]).when(update()).thenThrows(sbsMessages.notFound, 404));
  });

  describe('when deleted', () => {
    it('records the node as it was', () =>
      nodeSpec
        .given([created])
        .when(nodeCommand('DeleteSbsNode', { hasChildren: false }))
        .then([deleted]));
    it('refuses while it has children', () =>
      nodeSpec
        .given([created])
        .when(nodeCommand('DeleteSbsNode', { hasChildren: true }))
        .thenThrows(sbsMessages.hasChildren, 409));
    it('is not found twice', () =>
      nodeSpec
        .given([created, deleted])
        .when(nodeCommand('DeleteSbsNode', { hasChildren: false }))
        .thenThrows(sbsMessages.notFound, 404));
  });
});

describe('SbsVersion', () => {
  const versionCreated: SbsVersionEvent = { type: 'SbsVersionCreated', data: { versionId: 'v1', projectId: 'p1', name: '2026' } };
  it('lives in the stream sbsVersion-<id>', () => expect(toSbsVersionStreamId('v1')).toBe('sbsVersion-v1'));
  it('is created with a trimmed name', () =>
    versionSpec
      .given([])
      .when(versionCommand('CreateSbsVersion', { versionId: 'v1', projectId: 'p1', name: ' 2026 ' }))
      .then([versionCreated]));
  it("refuses an empty name with 'Required.'", () =>
    versionSpec
      .given([])
      .when(versionCommand('CreateSbsVersion', { versionId: 'v1', projectId: 'p1', name: '' }))
      .thenThrows(sbsMessages.nameRequired, 422));
  it("refuses the default version's id", () =>
    versionSpec
      .given([])
      .when(versionCommand('CreateSbsVersion', { versionId: 'p1', projectId: 'p1', name: 'x' }))
      .thenThrows(sbsMessages.versionAlreadyExists, 409));
  it('is deleted', () =>
    versionSpec
      .given([versionCreated])
      .when(versionCommand('DeleteSbsVersion', { versionId: 'v1', projectId: 'p1' }))
      .then([{ type: 'SbsVersionDeleted', data: { versionId: 'v1', projectId: 'p1' } }]));
  it('refuses to delete the default version', () =>
    versionSpec
      .given([])
      .when(versionCommand('DeleteSbsVersion', { versionId: 'p1', projectId: 'p1' }))
      .thenThrows(sbsMessages.defaultVersion, 409));
  it('is not found once deleted', () =>
    versionSpec
      .given([versionCreated, { type: 'SbsVersionDeleted', data: { versionId: 'v1', projectId: 'p1' } }])
      .when(versionCommand('DeleteSbsVersion', { versionId: 'v1', projectId: 'p1' }))
      .thenThrows(sbsMessages.versionNotFound, 404));
});
