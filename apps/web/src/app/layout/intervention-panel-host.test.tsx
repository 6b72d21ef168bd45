/** The deferred intervention panel opens on the very event that caused it to load (SPEC §2.5). */
import { act, render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emit, useEvent } from '../../shared/lib/events';
import { DeferredPanelHost } from './intervention-panel-host';

function FakePanel() {
  const [siteUlid, setSiteUlid] = useState<string | null>(null);
  useEvent('openInterventionPanel', (detail) => setSiteUlid(detail.siteUlid ?? 'new'));
  return siteUlid ? <p>panel for {siteUlid}</p> : null;
}

describe('InterventionPanelHost', () => {
  it('loads nothing until asked, then opens the panel with the first request and keeps listening', async () => {
    const load = vi.fn(async () => ({ default: FakePanel }));
    render(<DeferredPanelHost Panel={lazy(load)} />);
    expect(load).not.toHaveBeenCalled();

    act(() => emit('openInterventionPanel', { siteUlid: '01SITE' }));
    expect(await screen.findByText('panel for 01SITE')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    act(() => emit('openInterventionPanel', { siteUlid: '02SITE' }));
    expect(screen.getByText('panel for 02SITE')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
