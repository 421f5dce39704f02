import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/renderWithRouter';
import { TranslatedItemsEditor, type EditorFormProps } from './TranslatedItemsEditor';

interface Item {
  id: string;
  translations: { en: { title: string } };
}
const item = (id: string, title: string): Item => ({ id, translations: { en: { title } } });

/** a form that sends the title it was given, with ' (sent)' added */
const TitleForm = ({ initial, submitText, onSubmit, onCancel }: EditorFormProps<string>) => (
  <div data-testid="title-form">
    <span>{initial}</span>
    <button onClick={() => onSubmit(`${initial} (sent)`)}>{submitText}</button>
    <button onClick={onCancel}>Cancel</button>
  </div>
);

const renderEditor = (rows: Item[]) => {
  const calls = {
    create: vi.fn(async (value: string) => ({ data: item('new', value) })),
    update: vi.fn(async (id: string, value: string) => ({ data: item(id, value) })),
    remove: vi.fn(async () => undefined),
  };
  const view = renderAt(
    <TranslatedItemsEditor<Item, string>
      testId="editor"
      rowTestId="editor-row"
      newTestId="editor-new"
      icon={<span />}
      query={{ isPending: false, isError: false, error: null, data: rows }}
      empty={<p>Nothing yet</p>}
      texts={{
        new: 'New item',
        edit: 'Edit item',
        create: 'Create',
        save: 'Save',
        loadFailed: 'Could not load',
        failed: 'Failed',
        created: (title) => `Created ${title}`,
        updated: 'Updated',
        deleted: 'Deleted',
        confirmDelete: (title) => `Delete ${title}?`,
      }}
      columns={[{ header: 'Title', cell: (i) => i.translations.en.title }]}
      calls={calls}
      invalidates={[['items']]}
      form={{ Component: TitleForm, empty: 'blank', valueOf: (i) => i.translations.en.title }}
    />,
    { path: '/' },
  );
  return { ...view, calls };
};

describe('TranslatedItemsEditor', () => {
  it('lists the items, creates one with the empty value through the form and says so', async () => {
    const { calls, queryClient } = renderEditor([item('a', 'Alpha'), item('b', 'Beta')]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getAllByTestId('editor-row').map((row) => row.textContent)).toEqual(['Alpha', 'Beta']);
    fireEvent.click(screen.getByTestId('editor-new'));
    fireEvent.click(within(await screen.findByTestId('title-form')).getByText('Create'));
    await waitFor(() => expect(calls.create).toHaveBeenCalledWith('blank (sent)'));
    expect(await screen.findByText('Created blank (sent)')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['items'] });
    expect(calls.update).not.toHaveBeenCalled();
  });

  it("edits a row's item from its own value", async () => {
    const { calls } = renderEditor([item('a', 'Alpha')]);
    fireEvent.click(within(screen.getByTestId('editor-row')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(await screen.findByTestId('title-form')).getByText('Save'));
    await waitFor(() => expect(calls.update).toHaveBeenCalledWith('a', 'Alpha (sent)'));
    expect(await screen.findByText('Updated')).toBeTruthy();
  });

  it('deletes a row only after the confirmation that names it', async () => {
    const { calls } = renderEditor([item('a', 'Alpha')]);
    fireEvent.click(within(screen.getByTestId('editor-row')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Alpha?')).toBeTruthy();
    expect(calls.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(calls.remove).toHaveBeenCalledWith('a'));
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it('shows the empty state when there are no items', () => {
    renderEditor([]);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
