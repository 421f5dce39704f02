import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { changeLanguage } from '../../../../shared/i18n';
import type { FlowJob } from '../queries';
import { FlowDiagram } from './FlowDiagram';

// jsdom has no ResizeObserver, which React Flow measures its pane with (nothing here depends on sizes)
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => changeLanguage('en'));

const job = (nodeId: string, column: number): FlowJob => ({
  jobId: `job-${nodeId}`,
  nodeId,
  name: `Block ${nodeId}`,
  start: column === 1,
  column,
  manual: true,
  status: column === 1 ? 'open' : 'waiting',
  assignee: null,
  error: null,
});

const draw = () =>
  render(<FlowDiagram jobs={[job('intake', 1), job('check', 2)]} links={[{ from: 'intake', to: 'check' }]} onOpen={() => undefined} />);

describe('FlowDiagram', () => {
  it("gives React Flow's screen-reader texts in the user's language (the library's own are English only)", async () => {
    await changeLanguage('nl');
    draw();
    expect(await screen.findByText(/Druk op Enter of spatie om een knooppunt te selecteren/)).toBeTruthy();
    expect(screen.queryByText(/Press enter or space to select a node/)).toBeNull();
  });

  it('says it in German too', async () => {
    await changeLanguage('de');
    draw();
    expect(await screen.findByText(/um einen Knoten auszuwählen/)).toBeTruthy();
  });
});
