/**
 * The password rule of SPEC §5 split into its parts, for the live checklist of the password forms: at least
 * `PASSWORD_MIN_LENGTH` (12) characters, an uppercase letter, a lowercase letter, a digit and a special character —
 * the same tests as the contract's `isStrongPassword` (all parts met ⇔ strong).
 */
import { PASSWORD_MIN_LENGTH } from '@isoptera/contracts';

export const PASSWORD_RULES = ['length', 'uppercase', 'lowercase', 'digit', 'symbol'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const TESTS: Record<PasswordRule, (value: string) => boolean> = {
  length: (value) => value.length >= PASSWORD_MIN_LENGTH,
  uppercase: (value) => /\p{Lu}/u.test(value),
  lowercase: (value) => /\p{Ll}/u.test(value),
  digit: (value) => /\d/.test(value),
  symbol: (value) => /[^\p{L}\p{N}\s]/u.test(value),
};

/** Which parts of the rule a candidate password meets. */
export function passwordRuleResults(value: string): Record<PasswordRule, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule, TESTS[rule](value)])) as Record<PasswordRule, boolean>;
}
