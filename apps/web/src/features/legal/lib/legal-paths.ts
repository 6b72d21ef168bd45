/**
 * The paths of the legal and help pages (SPEC §2.1; FAQ, legal notice and web-app tutorial of §2.7, issue 14) and
 * the external community forum.
 */
export const LEGAL_PATHS = {
  cgu: '/cgu',
  privacy: '/privacy',
  about: '/about',
  faq: '/faq',
  tutorial: '/tutorial',
  notice: '/legal-notice',
  forum: '/forum',
} as const;

export type LegalPage = keyof typeof LEGAL_PATHS;

/** The user community forum, an external site opened in a new tab. */
export const FORUM_URL = 'https://forum.isoptera.example';
