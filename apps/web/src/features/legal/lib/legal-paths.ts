/** The paths of the legal pages (SPEC §2.1) and the external community forum. */
export const LEGAL_PATHS = {
  cgu: '/cgu',
  privacy: '/privacy',
  about: '/about',
  forum: '/forum',
} as const;

export type LegalPage = keyof typeof LEGAL_PATHS;

/** The user community forum, an external site opened in a new tab. */
export const FORUM_URL = 'https://forum.isoptera.example';
