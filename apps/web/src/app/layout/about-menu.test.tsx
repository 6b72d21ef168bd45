/**
 * The header's about menu (SPEC §2.3, §2.7): Forum (new tab), About, FAQ, tutorial, CGU, Privacy and legal notice,
 * each leading to a public route shown
 * without the app's layout (SPEC §2.1, §2.3 hidden list).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../router';
import { AboutMenu } from './about-menu';

describe('AboutMenu', () => {
  it('links to Forum in a new tab, then About, FAQ, tutorial, CGU, Privacy and legal notice in the same tab', async () => {
    render(
      <MemoryRouter>
        <AboutMenu />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Help and information' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual([
      'Forum',
      'About',
      'FAQ',
      'Tutorial',
      'Terms of use',
      'Privacy policy',
      'Legal notice',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/forum',
      '/about',
      '/faq',
      '/tutorial',
      '/cgu',
      '/privacy',
      '/legal-notice',
    ]);

    const [forum, ...others] = items;
    expect(forum?.getAttribute('target')).toBe('_blank');
    expect(forum?.getAttribute('rel')).toContain('noopener');
    expect(within(forum as HTMLElement).getByLabelText('opens in a new tab')).toBeTruthy();
    for (const item of others) expect(item.getAttribute('target')).toBeNull();
  });

  it('leads to public routes shown without the side menu, header and profile panel', () => {
    for (const [name, path] of [
      ['Forum', '/forum'],
      ['About', '/about'],
      ['CGU', '/cgu'],
      ['Privacy', '/privacy'],
      ['FAQ', '/faq'],
      ['Tutorial', '/tutorial'],
      ['LegalNotice', '/legal-notice'],
    ] as const) {
      expect(
        routeTable.find((route) => route.path === path),
        path,
      ).toMatchObject({
        name,
        action: 'public',
        layout: 'bare',
      });
    }
  });
});
