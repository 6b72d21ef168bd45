/**
 * The password rule of SPEC §5 split into its parts, for the live checklist under a new-password field: at least
 * `PASSWORD_MIN_LENGTH` (12) characters, an uppercase letter, a lowercase letter, a digit and a symbol (any character
 * that is not a letter, a digit or a space). The tests are those of the contract's `isStrongPassword`: every part met
 * ⇔ the contract accepts the password (password-rules.test.ts keeps the two in step). Forms still validate with the
 * contract's schemas; this only shows the progress.
 */
import { PASSWORD_MIN_LENGTH } from '@isoptera/contracts';

/** The parts of the rule, in the order shown. */
export const PASSWORD_RULES = ['length', 'uppercase', 'lowercase', 'digit', 'symbol'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const TESTS: Record<PasswordRule, (value: string) => boolean> = {
  length: (value) => value.length >= PASSWORD_MIN_LENGTH,
  uppercase: (value) => /\p{Lu}/u.test(value),
  lowercase: (value) => /\p{Ll}/u.test(value),
  digit: (value) => /\d/.test(value),
  symbol: (value) => /[^\p{L}\p{N}\s]/u.test(value),
};

/** Each part of the rule, in order, and whether the candidate `value` meets it. */
export function passwordChecklist(value: string): Array<{ rule: PasswordRule; met: boolean }> {
  return PASSWORD_RULES.map((rule) => ({ rule, met: TESTS[rule](value) }));
}
