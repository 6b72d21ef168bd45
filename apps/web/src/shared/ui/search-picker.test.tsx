/** SearchPicker behaviours of SPEC §4 "Pickers" and §9 (250 ms debounce, 150 ms close delay). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PickerOption, SearchPicker } from './search-picker';

const OPTIONS: PickerOption[] = [
  { id: 'a', label: 'Alpha Termites' },
  { id: 'b', label: 'Bravo Bois' },
  { id: 'c', label: 'Charlie Habitat' },
];

/** A loader answering after 50 ms with the options containing the query. */
function createLoader() {
  return vi.fn(
    (query: string) =>
      new Promise<PickerOption[]>((resolve) =>
        setTimeout(() => resolve(OPTIONS.filter((o) => o.label.toLowerCase().includes(query.toLowerCase()))), 50),
      ),
  );
}

/** Advances fake time inside act (React renders the state changes of the elapsed timers when act ends). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function Single({
  loader,
  onChange,
  initial = '',
}: {
  loader: ReturnType<typeof createLoader>;
  onChange: (id: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SearchPicker
      label="Client"
      value={value}
      selectedOptions={OPTIONS}
      loadOptions={loader}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

function Multiple({
  loader,
  onChange,
  initial = [],
}: {
  loader: ReturnType<typeof createLoader>;
  onChange: (ids: string[]) => void;
  initial?: string[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <SearchPicker
      mode="multiple"
      label="Technicians"
      value={value}
      selectedOptions={OPTIONS}
      loadOptions={loader}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox');
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SearchPicker', () => {
  it('searches once on mount, then 250 ms after the last keystroke only', async () => {
    const loader = createLoader();
    render(<Single loader={loader} onChange={() => {}} />);
    expect(loader.mock.calls).toEqual([['']]);
    await advance(60);

    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'b' } });
    await advance(100);
    fireEvent.change(input(), { target: { value: 'br' } });
    await advance(249);
    expect(loader).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(loader.mock.calls).toEqual([[''], ['br']]);
    await advance(60);
    expect(optionTexts()).toEqual(['Bravo Bois']);
  });

  it('shows the translated loading text, then the no-result text', async () => {
    const loader = createLoader();
    render(<Single loader={loader} onChange={() => {}} />);
    fireEvent.focus(input());
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await advance(60);
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await advance(250);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await advance(60);
    expect(screen.getByRole('status').textContent).toBe('No result');
    expect(optionTexts()).toEqual([]);
  });

  it('treats an absent answer as an empty option list', async () => {
    const loader = vi.fn(async () => undefined);
    render(<SearchPicker label="Client" value="" onChange={() => {}} loadOptions={loader} />);
    fireEvent.focus(input());
    await advance(10);
    expect(screen.getByRole('status').textContent).toBe('No result');
  });

  it('in single mode emits the picked id and clears the selection on focus', async () => {
    const loader = createLoader();
    const onChange = vi.fn();
    render(<Single loader={loader} onChange={onChange} />);
    await advance(60);
    fireEvent.focus(input());
    fireEvent.click(screen.getByRole('option', { name: 'Charlie Habitat' }));
    expect(onChange).toHaveBeenLastCalledWith('c');
    expect(input().getAttribute('aria-expanded')).toBe('false');

    fireEvent.blur(input());
    expect((input() as HTMLInputElement).value).toBe('Charlie Habitat');
    fireEvent.focus(input());
    expect(onChange).toHaveBeenLastCalledWith('');
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('closes the list 150 ms after blur', async () => {
    const loader = createLoader();
    render(<Single loader={loader} onChange={() => {}} />);
    await advance(60);
    fireEvent.focus(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(input());
    await advance(149);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await advance(1);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('in multiple mode emits the ids and excludes the selected items from the options', async () => {
    const loader = createLoader();
    const onChange = vi.fn();
    render(<Multiple loader={loader} onChange={onChange} initial={['a']} />);
    await advance(60);
    fireEvent.focus(input());
    expect(optionTexts()).toEqual(['Bravo Bois', 'Charlie Habitat']);
    fireEvent.click(screen.getByRole('option', { name: 'Bravo Bois' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    expect(optionTexts()).toEqual(['Charlie Habitat']);
    // focusing again does not clear a multiple selection
    fireEvent.blur(input());
    fireEvent.focus(input());
    expect(onChange).toHaveBeenCalledTimes(1);
    // the badge's close button removes the item
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alpha Termites' }));
    expect(onChange).toHaveBeenLastCalledWith(['b']);
  });

  it('is usable with the keyboard (arrows, Enter, Escape)', async () => {
    const loader = createLoader();
    const onChange = vi.fn();
    render(<Single loader={loader} onChange={onChange} />);
    await advance(60);
    fireEvent.focus(input());
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const active = input().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Bravo Bois');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('b');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('moves by page and to the ends, and keeps the active option in view (15 ArrowDowns)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `o${i}`, label: `Option ${i + 1}` }));
    // happy-dom lays nothing out: 36 px options in a 256 px list
    const ROW = 36;
    vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      const index = /-option-(\d+)$/.exec(this.id)?.[1];
      return index === undefined ? 0 : Number(index) * ROW;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => ROW);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'listbox' ? 256 : 0;
    });
    render(<SearchPicker label="Site" value="" onChange={() => {}} loadOptions={async () => many} />);
    await advance(10);
    fireEvent.focus(input());
    const active = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent;
    for (let i = 0; i < 15; i++) fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(active()).toBe('Option 15');
    const list = screen.getByRole('listbox');
    const top = 14 * ROW;
    expect(list.scrollTop).toBeGreaterThan(0);
    expect(top >= list.scrollTop && top + ROW <= list.scrollTop + 256).toBe(true);

    fireEvent.keyDown(input(), { key: 'PageDown' });
    expect(active()).toBe('Option 25');
    fireEvent.keyDown(input(), { key: 'End' });
    expect(active()).toBe('Option 30');
    fireEvent.keyDown(input(), { key: 'PageUp' });
    expect(active()).toBe('Option 20');
    fireEvent.keyDown(input(), { key: 'Home' });
    expect(active()).toBe('Option 1');
    expect(list.scrollTop).toBe(0);
    vi.restoreAllMocks();
  });

  it('shows a translated field error linked to the input', () => {
    render(
      <SearchPicker label="Client" value="" onChange={() => {}} loadOptions={async () => []} error="client_required" />,
    );
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const describedBy = input().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('The client is required.');
  });
});
