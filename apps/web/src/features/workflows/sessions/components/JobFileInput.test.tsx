import type { JobFile } from '@stramien/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../shared/queryClient';
import { changeLanguage } from '../../../../shared/i18n';
import { sessionKeys } from '../queries';
import { JobFileInput } from './JobFileInput';

const PROJECT = '0b7d6c2e-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const JOB = '6f1c2b0e-8a4d-4c3e-9b7a-2d5e6f708192';
const PLAN: JobFile = { id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a', name: 'plan.pdf', size: 1234, type: 'application/pdf' };

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** what the job page reads to hold Save and Finish: the job's uploads running */
const UploadsRunning = () => (
  <output data-testid="uploads-running">{useIsMutating({ mutationKey: sessionKeys.jobFileUpload(JOB) })}</output>
);

/** the field as the job form holds it: its value changes with what the input reports */
const Field = ({ initial = '', files = [] as JobFile[], onChange = (_: string) => undefined }) => {
  const [value, setValue] = useState(initial);
  return (
    <AppProviders queryClient={createQueryClient()}>
      <UploadsRunning />
      <JobFileInput
        id="job-field-plan"
        projectId={PROJECT}
        jobId={JOB}
        value={value}
        files={files}
        disabled={false}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </AppProviders>
  );
};

const choose = (name: string) => {
  const input = screen.getByTestId('job-file-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] } });
};

describe('JobFileInput', () => {
  it("uploads the chosen file's bytes with its name, shows a spinner meanwhile, then holds the answered id and names it", async () => {
    const sent: { url: string; method?: string; body: unknown; contentType: string | null }[] = [];
    let answer!: () => void;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method, body: init?.body, contentType: new Headers(init?.headers).get('content-type') });
      await new Promise<void>((resolve) => (answer = resolve));
      return Response.json({ data: PLAN, position: 12 });
    });
    const onChange = vi.fn();
    const { rerender } = render(<Field onChange={onChange} />);
    choose('plan.pdf');
    expect((await screen.findByRole('status', { name: 'Uploading plan.pdf…' })).querySelector('.bp6-spinner')).not.toBeNull();
    expect((screen.getByTestId('job-file-input') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('uploads-running').textContent).toBe('1');
    answer();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(PLAN.id));
    await waitFor(() => expect(screen.getByTestId('uploads-running').textContent).toBe('0'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`/api/project/${PROJECT}/job/${JOB}/file?name=plan.pdf`);
    expect(sent[0]).toMatchObject({ method: 'POST', contentType: 'application/octet-stream' });
    expect(sent[0]!.body).toBeInstanceOf(File);
    // the page's job then carries the file: the field names it, with its download
    rerender(<Field initial={PLAN.id} files={[PLAN]} />);
    expect(screen.getByRole('button', { name: 'Download plan.pdf' }).textContent).toContain('plan.pdf');
  });

  it("shows the server's refusal in the user's language and keeps the field as it was", async () => {
    await changeLanguage('nl');
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'This type of file cannot be attached.', key: 'tasks.appendixType' }, { status: 415 }),
    );
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    choose('setup.pdf');
    const error = await screen.findByTestId('job-file-error');
    expect(error.textContent).not.toBe('');
    expect(error.textContent).not.toContain('This type of file cannot be attached.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says so when the id it holds is not one of the job’s files, and can be emptied', async () => {
    const onChange = vi.fn();
    render(<Field initial="9d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a" files={[PLAN]} onChange={onChange} />);
    expect(screen.getByTestId('job-file-unknown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take the file out of this field' }));
    expect(onChange).toHaveBeenCalledWith('');
  });
});
