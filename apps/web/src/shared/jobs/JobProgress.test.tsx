import type { Download } from '@stramien/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../queryClient';
import { JobProgress } from './JobProgress';

const JOB = '6f1c2b0e-8a4d-4c3e-9b7a-2d5e6f708192';
const view = (state: Download['state'], done: number, total: number): Download => ({
  id: JOB,
  kind: 'sbs-import',
  name: 'sbs-import.csv',
  size: null,
  content_type: null,
  state,
  progress: { done, total, percent: total > 0 ? Math.floor((done * 100) / total) : 0 },
  created_at: '2026-11-23T12:00:00.000Z',
  finished_at: null,
  reason: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JobProgress', () => {
  it('shows a running job as done of total, and its Cancel stops it and tells the caller it ended', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname}`);
      return Response.json({ data: init?.method === 'POST' ? view('canceled', 500, 1500) : view('running', 500, 1500), position: 9 });
    });
    const onEnded = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <JobProgress jobId={JOB} describe={({ done, total }) => `Importing ${done} of ${total}`} onEnded={onEnded} />
      </AppProviders>,
    );
    // the counts in the interface language's format
    expect(await screen.findByText('Importing 500 of 1,500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledWith(expect.objectContaining({ state: 'canceled' })));
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('job-progress')).toBeNull();
    expect(calls).toContain(`POST /api/jobs/${JOB}/cancel`);
  });

  it("says 'Starting…' while the job knows no total yet", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ data: view('running', 0, 0) }));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <JobProgress jobId={JOB} />
      </AppProviders>,
    );
    expect(await screen.findByText('Starting…')).toBeTruthy();
  });
});
