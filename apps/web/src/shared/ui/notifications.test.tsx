/** Notifications (SPEC §3 "Notification", §8, §9: auto-close after 10000 ms). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { NotificationViewport, notify, notifyError } from './notifications';

/** Advances fake time inside act (React renders the state changes of the elapsed timers when act ends). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<NotificationViewport />);
});
afterEach(async () => {
  act(() => toast.dismiss());
  await advance(1000);
  vi.useRealTimers();
});

describe('notify', () => {
  it('closes by itself after 10000 ms, not before', async () => {
    act(() => {
      notify({ title: 'Visit saved', content: 'The technicians were notified.' });
    });
    await advance(50);
    expect(screen.getByText('Visit saved')).toBeTruthy();
    expect(screen.getByText('The technicians were notified.')).toBeTruthy();
    await advance(9_900);
    expect(screen.queryByText('Visit saved')).not.toBeNull();
    await advance(600);
    expect(screen.queryByText('Visit saved')).toBeNull();
  });

  it('runs an action callback, and closes on an action with the close flag', async () => {
    const onPress = vi.fn();
    act(() => {
      notify({
        title: 'Report ready',
        primaryAction: { name: 'Open', onPress, close: false },
        secondaryAction: { name: 'Dismiss', close: true },
      });
    });
    await advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    await advance(500);
    expect(screen.queryByText('Report ready')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await advance(50); // the dismissal reaches the viewport on the next frame…
    await advance(300); // …which unmounts the toast after its exit animation
    expect(screen.queryByText('Report ready')).toBeNull();
  });

  it('shows an API error translated from its code, styled as an error', async () => {
    act(() => {
      notifyError(new ApiError(403, { error: 'no_change_your_role', detail: 'server text' }));
    });
    await advance(50);
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-error')).toBe('true');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('You cannot change your own role.');
  });

  it('falls back to the status message, then to the generic texts', async () => {
    act(() => {
      notifyError(new ApiError(500, { error: 'something_new' }));
      notifyError(new ApiError(409, { error: 'something_new' }));
      notifyError(new Error('boom'));
    });
    await advance(50);
    const texts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(texts.some((t) => t?.includes('The server is unavailable.'))).toBe(true);
    expect(texts.some((t) => t?.includes('An unknown error occurred'))).toBe(true);
    expect(texts.some((t) => t?.includes('An error occurred'))).toBe(true);
  });
});
