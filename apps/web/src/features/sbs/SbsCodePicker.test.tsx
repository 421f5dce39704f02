import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../shared/queryClient';
import { sbsKeys } from './queries';
import { SbsCodePicker } from './SbsCodePicker';

const node = (code: string, label: string) => ({ id: code, code, label, parent_code: null, hasChildren: false, version: { id: 'p-1' } });

const Harness = ({ onPicked }: { onPicked: (code: string) => void }) => {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="picker">SBS code</label>
      <SbsCodePicker
        id="picker"
        projectId="p-1"
        value={value}
        onChange={(code) => {
          setValue(code);
          onPicked(code);
        }}
      />
    </>
  );
};

describe('SbsCodePicker', () => {
  it("offers the project's matching SBS records and takes the picked code", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sbsKeys.search('p-1', 'p-1', 'wa', 'flat'), [node('A.1', 'Walls'), node('A.2', 'Wall ties')]);
    const picked: string[] = [];
    render(
      <AppProviders queryClient={queryClient}>
        <Harness onPicked={(code) => picked.push(code)} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('SBS code'), { target: { value: 'wa' } });
    fireEvent.click(await screen.findByText('A.2'));
    expect(picked.at(-1)).toBe('A.2');
    expect((screen.getByLabelText('SBS code') as HTMLInputElement).value).toBe('A.2');
  });
});
