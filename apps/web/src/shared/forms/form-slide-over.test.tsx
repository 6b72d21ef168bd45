/**
 * The form slide-over (issue 14 "rough edges"): Escape in a picker closes only the picker; Escape, the close button,
 * the backdrop or the footer's Cancel on a form with changes ask before closing, and keep what was typed unless the
 * user discards it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { type PickerOption, SearchPicker } from '../ui/search-picker';
import { FormCancelButton, FormSlideOver } from './form-slide-over';

const OPTIONS: PickerOption[] = [
  { id: 'a', label: 'Alpha Termites' },
  { id: 'b', label: 'Bravo Bois' },
];

function Panel({
  onClosed,
  onCancel,
  isSaving = false,
}: {
  onClosed: () => void;
  onCancel?: () => void;
  isSaving?: boolean;
}) {
  const [isOpen, setOpen] = useState(true);
  const form = useForm({ defaultValues: { note: '' } });
  const [client, setClient] = useState('');
  return (
    <FormSlideOver
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) onClosed();
      }}
      isDirty={form.formState.isDirty}
      isSaving={isSaving}
      title="New visit"
      footer={<FormCancelButton onCancel={onCancel} />}
    >
      <input aria-label="Note" {...form.register('note')} />
      <SearchPicker
        label="Client"
        value={client}
        onChange={setClient}
        selectedOptions={OPTIONS}
        loadOptions={async () => OPTIONS}
      />
    </FormSlideOver>
  );
}

const pressEscape = (element: Element) => fireEvent.keyDown(element, { key: 'Escape', code: 'Escape' });

describe('FormSlideOver', () => {
  it('closes at once when nothing was changed', async () => {
    const onClosed = vi.fn();
    render(<Panel onClosed={onClosed} />);
    pressEscape(await screen.findByLabelText('Note'));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes only the picker on Escape in an open picker', async () => {
    const onClosed = vi.fn();
    render(<Panel onClosed={onClosed} />);
    const picker = await screen.findByRole('combobox', { name: 'Client' });
    fireEvent.change(picker, { target: { value: 'Al' } });
    await waitFor(() => expect(picker.getAttribute('aria-expanded')).toBe('true'));
    pressEscape(picker);
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'New visit' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('asks before closing a form with changes, keeps the text or discards it', async () => {
    const onClosed = vi.fn();
    render(<Panel onClosed={onClosed} />);
    const note = await screen.findByLabelText('Note');
    fireEvent.input(note, { target: { value: 'Termites in the cellar' } });
    await waitFor(() => expect((note as HTMLInputElement).value).toBe('Termites in the cellar'));

    pressEscape(note);
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ask.isConnected).toBe(false);
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Termites in the cellar');
    expect(onClosed).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
  });

  it('closes at once on Cancel when nothing was changed', async () => {
    const onClosed = vi.fn();
    render(<Panel onClosed={onClosed} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks on Cancel when the form has changes, keeps the text when the user declines, closes on discard', async () => {
    const onClosed = vi.fn();
    render(<Panel onClosed={onClosed} />);
    const note = await screen.findByLabelText('Note');
    fireEvent.input(note, { target: { value: 'Mud tubes on the north wall' } });
    await waitFor(() => expect((note as HTMLInputElement).value).toBe('Mud tubes on the north wall'));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    expect(ask.textContent).toContain('What you entered in this form has not been saved and will be lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('Mud tubes on the north wall');
    expect(onClosed).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
  });

  it('runs the form’s own Cancel (e.g. back to reading) after the same question, without closing the panel', async () => {
    const onClosed = vi.fn();
    const onCancel = vi.fn();
    render(<Panel onClosed={onClosed} onCancel={onCancel} />);
    const note = await screen.findByLabelText('Note');
    fireEvent.input(note, { target: { value: 'Bait consumed' } });
    await waitFor(() => expect((note as HTMLInputElement).value).toBe('Bait consumed'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('disables Cancel while saving', async () => {
    render(<Panel onClosed={vi.fn()} isSaving />);
    expect((await screen.findByRole('button', { name: 'Cancel' })).hasAttribute('disabled')).toBe(true);
  });
});
