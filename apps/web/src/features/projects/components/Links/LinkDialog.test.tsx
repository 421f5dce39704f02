import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../shared/i18n';
import { renderAt } from '../../../../test/renderWithRouter';
import { LinkDialog, type LinkValues } from './LinkDialog';

describe('LinkDialog', () => {
  it("requires name and url with 'Required.'", async () => {
    const onSubmit = vi.fn(async () => {});
    renderAt(<LinkDialog isOpen onClose={() => {}} onSubmit={onSubmit} />, { path: '/' });
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a colour that is not 3 or 6 hex digits with 'Invalid HEX color.'", async () => {
    const onSubmit = vi.fn(async () => {});
    renderAt(<LinkDialog isOpen onClose={() => {}} onSubmit={onSubmit} />, { path: '/' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Drive' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://drive.example.com' } });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#12345' } });
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findByText('Invalid HEX color.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values with a normalised colour, and edits an existing link', async () => {
    const onSubmit = vi.fn(async (_values: LinkValues) => {});
    renderAt(
      <LinkDialog
        isOpen
        link={{ id: 'k1', name: 'Wiki', link: 'https://wiki.example.com', color: null }}
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
      { path: '/' },
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Wiki');
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'ABC' } });
    fireEvent.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Wiki', link: 'https://wiki.example.com', color: '#aabbcc' }));
  });

  it('speaks German', async () => {
    await act(() => changeLanguage('de'));
    renderAt(<LinkDialog isOpen onClose={() => {}} onSubmit={async () => {}} />, { path: '/' });
    expect(screen.getByText('Neuer Link')).toBeTruthy();
    fireEvent.click(screen.getByTestId('link-save'));
    expect(await screen.findAllByText('Pflichtfeld.')).toHaveLength(2);
  });
});
