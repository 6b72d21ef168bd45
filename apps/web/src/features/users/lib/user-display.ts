/**
 * How a member is shown (SPEC §2.7 Users): the name in the interface language's order (Japanese: last name first),
 * the e-mail when the person has not given a name yet (a new invited account), two initials and the colour of the
 * chip (the member's `color`, else a colour derived from the membership ULID so it stays the same between visits).
 */
import type { SpaceUser } from '@isoptera/contracts';

type Named = Pick<SpaceUser, 'firstname' | 'lastname' | 'email'>;

/** "First Last" ("Last First" in Japanese); the e-mail when both names are empty. */
export function displayName(user: Named, language: string): string {
  const first = user.firstname.trim();
  const last = user.lastname.trim();
  if (!first && !last) return user.email;
  return (language === 'ja' ? `${last} ${first}` : `${first} ${last}`).trim();
}

/** Up to two upper-case initials (first name, last name), else the e-mail's first letter. */
export function initials(user: Named): string {
  const letters = [user.firstname, user.lastname].map((part) => part.trim().charAt(0)).filter(Boolean);
  const text = letters.length > 0 ? letters.join('') : user.email.trim().charAt(0);
  return text.toLocaleUpperCase();
}

/** Dark enough for white initials (WCAG AA on 12 px bold text). */
const PALETTE = ['#15803d', '#1d4ed8', '#7e22ce', '#b91c1c', '#a16207', '#0e7490', '#be185d', '#4d7c0f'];

/** The chip colour: the member's own colour, else one picked from the palette by the ULID. */
export function chipColor(user: Pick<SpaceUser, 'color' | 'ulid'>): string {
  if (user.color) return user.color;
  let hash = 0;
  for (const char of user.ulid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] as string;
}
