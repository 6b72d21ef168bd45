/** The live checklist of the password rule (SPEC §5) agrees with the contract's rule. */
import { isStrongPassword } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { passwordChecklist } from './password-rules';

const missing = (value: string) =>
  passwordChecklist(value)
    .filter((item) => !item.met)
    .map((item) => item.rule);

describe('passwordChecklist', () => {
  it('lists what each candidate still lacks', () => {
    expect(missing('')).toEqual(['length', 'uppercase', 'lowercase', 'digit', 'symbol']);
    expect(missing('termites')).toEqual(['length', 'uppercase', 'digit', 'symbol']);
    expect(missing('Termites 2026')).toEqual(['symbol']);
    expect(missing('Été-des-termites-9')).toEqual([]);
  });

  it.each([
    '',
    'Termites-2026!',
    'Térmite 2026 €',
    'short-A1!',
    'NOLOWERCASE-2026',
    'nouppercase-2026',
    'No-Digits-Here!',
    'NoSymbol20260',
  ])('is complete exactly when the contract accepts %j', (value) => {
    expect(missing(value).length === 0).toBe(isStrongPassword(value));
  });
});
