/**
 * The password rule of SPEC §5, one check per part, for the live checklist of the change-password modal: at least
 * 12 characters, an uppercase letter, a lowercase letter, a digit and a special character. Together they equal the
 * contract's `isStrongPassword` (the form itself validates with the contract).
 */
import { PASSWORD_MIN_LENGTH } from '@isoptera/contracts';

export type PasswordRule = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

/** Each part of the rule and its check, in the order shown. */
export const PASSWORD_RULES: ReadonlyArray<{ rule: PasswordRule; test: (value: string) => boolean }> = [
  { rule: 'length', test: (value) => value.length >= PASSWORD_MIN_LENGTH },
  { rule: 'uppercase', test: (value) => /\p{Lu}/u.test(value) },
  { rule: 'lowercase', test: (value) => /\p{Ll}/u.test(value) },
  { rule: 'digit', test: (value) => /\d/.test(value) },
  { rule: 'special', test: (value) => /[^\p{L}\p{N}\s]/u.test(value) },
];

/** The parts of the rule `value` meets and misses. */
export function passwordChecklist(value: string): Array<{ rule: PasswordRule; met: boolean }> {
  return PASSWORD_RULES.map(({ rule, test }) => ({ rule, met: test(value) }));
}
