/**
 * The legal pages (SPEC §2.1, §2.3): each shows its title as the page's only h1, in the interface language, inside
 * the banner / main / navigation / contentinfo landmarks; the legal texts are loaded with the page (not with the
 * start or shell catalogues); the language choice switches the texts; the forum link opens the external forum in a
 * new tab without access to this window.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { changeLanguage, i18n } from '../../../shared/i18n/i18n';
import { FORUM_URL } from '../lib/legal-paths';
import { textBlocks } from '../lib/text-blocks';
import { AboutPage } from './about-page';
import { CguPage } from './cgu-page';
import { ForumPage } from './forum-page';
import { FaqPage, LegalNoticePage, TutorialPage } from './help-pages';
import { PrivacyPage } from './privacy-page';

const signedIn: Session = {
  status: 'authenticated',
  me: null,
  actor: null,
  hasAction: () => false,
  timeZone: 'Europe/Paris',
  isLoggingOut: false,
  setLoggingOut: () => {},
  reloadMe: async () => {},
};

function renderPage(Page: ComponentType, session?: Session) {
  const page = <Page />;
  return render(
    <MemoryRouter>
      {session ? <SessionContext.Provider value={session}>{page}</SessionContext.Provider> : page}
    </MemoryRouter>,
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

const PAGES: [string, ComponentType, { en: string; fr: string; ja: string }][] = [
  ['CGU', CguPage, { en: 'Terms of use', fr: 'Conditions générales d’utilisation', ja: '利用規約' }],
  ['Privacy', PrivacyPage, { en: 'Privacy policy', fr: 'Politique de confidentialité', ja: 'プライバシーポリシー' }],
  ['About', AboutPage, { en: 'About Isoptera', fr: 'À propos d’Isoptera', ja: 'Isopteraについて' }],
  ['Forum', ForumPage, { en: 'Community forum', fr: 'Forum de la communauté', ja: 'コミュニティフォーラム' }],
  ['FAQ', FaqPage, { en: 'Frequently asked questions', fr: 'Questions fréquentes', ja: 'よくある質問' }],
  ['Legal notice', LegalNoticePage, { en: 'Legal notice', fr: 'Mentions légales', ja: '法的表示' }],
  [
    'Tutorial',
    TutorialPage,
    { en: 'Getting started with the web app', fr: 'Bien démarrer avec l’application web', ja: 'ウェブアプリの使い方' },
  ],
];

describe.each(PAGES)('%s page', (_, Page, titles) => {
  it('shows its title in English and in French, as the only h1, inside the page landmarks', async () => {
    const { unmount } = renderPage(Page);
    expect(await screen.findByRole('heading', { level: 1, name: titles.en })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Help and information' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    unmount();

    await changeLanguage('fr');
    renderPage(Page);
    expect(await screen.findByRole('heading', { level: 1, name: titles.fr })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeTruthy();
  });

  it('switches its texts with the language choice', async () => {
    renderPage(Page);
    await screen.findByRole('heading', { level: 1, name: titles.en });
    fireEvent.change(screen.getByLabelText('Interface language'), { target: { value: 'ja' } });
    expect(await screen.findByRole('heading', { level: 1, name: titles.ja })).toBeTruthy();
    window.localStorage.clear();
  });
});

describe('legal pages', () => {
  it('marks the page shown in the footer navigation', async () => {
    renderPage(PrivacyPage);
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    const nav = screen.getByRole('navigation', { name: 'Help and information' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/about',
      '/faq',
      '/tutorial',
      '/cgu',
      '/privacy',
      '/legal-notice',
      '/forum',
    ]);
    expect(within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('aria-current')).toBe('page');
  });

  it('leads back to the application when a session exists', async () => {
    renderPage(CguPage, signedIn);
    expect((await screen.findByRole('link', { name: 'Back to the application' })).getAttribute('href')).toBe('/');
  });

  it('shows the terms and the policy as titled sections with the date of their last update', async () => {
    renderPage(PrivacyPage);
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(screen.getByText('Last updated: 21 November 2026')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(9);
    expect(screen.getByRole('region', { name: '8. Cookies' }).textContent).toContain('180 days');
    expect(screen.getAllByRole('list').length).toBeGreaterThan(0);
  });

  it('opens the external forum in a new tab without access to this window', async () => {
    renderPage(ForumPage);
    const link = await screen.findByRole('link', { name: /Go to the forum/ });
    expect(link.getAttribute('href')).toBe(FORUM_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the version of the app on About when the root element carries it', async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.version = '1.4.2';
    document.body.append(root);
    try {
      renderPage(AboutPage);
      expect(await screen.findByText('Version 1.4.2')).toBeTruthy();
    } finally {
      root.remove();
    }
  });

  it('loads the legal texts with the pages, not with the catalogues of the start or shell groups', async () => {
    const { namespaces } = await import('../../../shared/i18n/resources');
    expect(namespaces).not.toContain('legal');
    renderPage(AboutPage);
    await screen.findByRole('heading', { level: 1, name: 'About Isoptera' });
    await waitFor(() => expect(i18n.hasResourceBundle('en', 'legal')).toBe(true));
  });
});

describe('textBlocks', () => {
  it('splits a body into paragraphs and bulleted lists, with a lead-in before a list', () => {
    expect(textBlocks('First.\n\nLead-in:\n- one;\n- two.\n\n- alone')).toEqual([
      { kind: 'paragraph', text: 'First.' },
      { kind: 'paragraph', text: 'Lead-in:' },
      { kind: 'list', items: ['one;', 'two.'] },
      { kind: 'list', items: ['alone'] },
    ]);
  });
});
