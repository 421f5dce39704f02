import type { Command, CommandMetadata } from '../shared/decider';
import type { Action, BlockConfig, PanelField } from './blockConfig';
import type { WorkflowGraph } from './graph';

/** Shared by the workflows specs: small configurations and graphs written compactly. */

export const metadata: CommandMetadata = { actor: { userId: 'starter', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };

/** a command of any decider of the context, with the fixed metadata */
export const commandOf =
  <C extends Command>() =>
  <T extends C['type']>(type: T, data: Extract<C, { type: T }>['data']): Extract<C, { type: T }> =>
    ({ type, data, metadata }) as Extract<C, { type: T }>;

export const manualConfig = (fields: PanelField[] = [{ id: 'remarks', label: 'Remarks', type: 'text' }], name = 'Check'): BlockConfig => ({
  name,
  panels: [{ id: 'main', title: 'Main', fields }],
});

export const automatedConfig = (
  action: Action = { type: 'notify', to: 'session-starter', message: 'Done: {{session.name}}' },
  name = 'Notify',
): BlockConfig => ({ name, action });

/** the base64 file of a value, as the API receives it */
export const fileOf = (value: unknown): string => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));

/**
 * A graph from a compact description: node ids with their block's configuration (the first node starts), and
 * links as 'from>to'. Block id 'b-<node>', link id 'l-<from>-<to>'.
 */
export const graphOf = (nodes: Record<string, BlockConfig | null>, links: string[] = []): WorkflowGraph => {
  const ids = Object.keys(nodes);
  return {
    blocks: ids.map((nodeId) => ({ blockId: `b-${nodeId}`, config: nodes[nodeId]! })),
    nodes: ids.map((nodeId, i) => ({ nodeId, blockId: `b-${nodeId}`, start: i === 0 })),
    links: links.map((link) => {
      const [from, to] = link.split('>') as [string, string];
      return { linkId: `l-${from}-${to}`, from, to };
    }),
  };
};
