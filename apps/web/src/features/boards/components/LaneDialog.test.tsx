import type { Board, Label } from '@stramien/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/renderWithRouter';
import { LaneDialog } from './LaneDialog';

const board: Board = {
  id: 'b1',
  name: 'Week',
  is_default: false,
  project: null,
  lanes: [{ id: 'l1', name: 'Open', rule: { kind: 'status', status: 'open' } }],
};
const labels: Label[] = [{ id: 'lab1', title: 'Concrete', color: '#f00', project: null, license: { id: 'x' } }];

/** The lane calls in memory: what was sent. */
const fake = () => {
  const sent: unknown[] = [];
  const answer = async () => ({ data: board, position: 1 });
  return {
    sent,
    calls: {
      addLane: async (id: string, body: unknown) => (sent.push(['add', id, body]), answer()),
      updateLane: async (id: string, laneId: string, body: unknown) => (sent.push(['update', id, laneId, body]), answer()),
      removeLane: async (id: string, laneId: string) => (sent.push(['remove', id, laneId]), answer()),
    },
  };
};
const render = (props: Partial<Parameters<typeof LaneDialog>[0]> & { calls: ReturnType<typeof fake>['calls'] }) =>
  renderAt(
    <LaneDialog
      board={board}
      labels={labels}
      people={[
        ['u1', 'Me'],
        ['u2', 'Ann Smit'],
      ]}
      onClose={() => {}}
      {...props}
    />,
    {
      path: '/tasks/board',
    },
  );

describe('LaneDialog', () => {
  it("asks for a name with 'Required.' and sends nothing", async () => {
    const f = fake();
    render({ calls: f.calls });
    fireEvent.click(await screen.findByTestId('lane-save'));
    expect(await screen.findByText('Required.')).toBeTruthy();
    expect(f.sent).toEqual([]);
  });

  it('adds a lane for the tasks of a user', async () => {
    const f = fake();
    render({ calls: f.calls });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Cards in this lane'), { target: { value: 'assignee' } });
    expect(screen.getByText('A card dropped here is assigned to this user.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^User/), { target: { value: 'u2' } });
    fireEvent.click(screen.getByTestId('lane-save'));
    await waitFor(() => expect(f.sent).toEqual([['add', 'b1', { name: 'Ann', rule: { kind: 'assignee', userId: 'u2' } }]]));
  });

  it('says when there are no labels for a label lane, and sends nothing', async () => {
    const f = fake();
    render({ calls: f.calls, labels: [] });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Concrete' } });
    fireEvent.change(screen.getByLabelText('Cards in this lane'), { target: { value: 'label' } });
    expect(screen.getByText('No labels yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lane-save'));
    await new Promise((r) => setTimeout(r, 20));
    expect(f.sent).toEqual([]);
  });

  it("edits a lane's rule and deletes a lane", async () => {
    const f = fake();
    render({ calls: f.calls, lane: board.lanes[0] });
    fireEvent.change(await screen.findByLabelText(/^Status/), { target: { value: 'closed' } });
    fireEvent.click(screen.getByTestId('lane-save'));
    await waitFor(() => expect(f.sent[0]).toEqual(['update', 'b1', 'l1', { name: 'Open', rule: { kind: 'status', status: 'closed' } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete lane' }));
    await waitFor(() => expect(f.sent[1]).toEqual(['remove', 'b1', 'l1']));
  });
});
