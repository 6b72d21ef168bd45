/** SPEC §5 validation rules and §9 coordinates: the shared rules the server and the forms both apply. */
import { describe, expect, it } from 'vitest';
import { addressInput } from './common.js';
import {
  emailAddress,
  isStrongPassword,
  PHONE_PATTERN,
  personName,
  phoneNumber,
  requiredText,
  roundCoordinateUp,
} from './rules.js';

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => i.message);

describe('roundCoordinateUp (SPEC §9: rounded upward to 9 decimals, as text)', () => {
  it('keeps 9 decimals exactly, padding shorter values', () => {
    expect(roundCoordinateUp('44.84271')).toBe('44.842710000');
    expect(roundCoordinateUp('44.842710000')).toBe('44.842710000');
    expect(roundCoordinateUp('3')).toBe('3.000000000');
    expect(roundCoordinateUp(' 139.7667 ')).toBe('139.766700000');
  });

  it('rounds positive values up (away from zero) when digits are dropped', () => {
    expect(roundCoordinateUp('44.8427100001')).toBe('44.842710001');
    expect(roundCoordinateUp('0.9999999999')).toBe('1.000000000');
    expect(roundCoordinateUp('44.8427100000000')).toBe('44.842710000');
  });

  it('rounds negative values up (towards zero), never giving -0', () => {
    expect(roundCoordinateUp('-0.6453900009')).toBe('-0.645390000');
    expect(roundCoordinateUp('-1.5645801')).toBe('-1.564580100');
    expect(roundCoordinateUp('-0.0000000001')).toBe('0.000000000');
  });

  it('accepts numbers without binary floating-point noise', () => {
    expect(roundCoordinateUp(44.84271)).toBe('44.842710000');
    expect(roundCoordinateUp(-0.55722)).toBe('-0.557220000');
    expect(roundCoordinateUp(0.1 + 0.2)).toBe('0.300000000');
  });

  it('throws on what is not a decimal number', () => {
    expect(() => roundCoordinateUp('abc')).toThrow(RangeError);
    expect(() => roundCoordinateUp('1e5')).toThrow(RangeError);
    expect(() => roundCoordinateUp('')).toThrow(RangeError);
  });

  it('is applied by the address schema, which checks the ranges', () => {
    const parsed = addressInput.parse({ label: 'Bordeaux', latitude: 44.8427100001, longitude: '-0.5572' });
    expect(parsed).toMatchObject({ latitude: '44.842710001', longitude: '-0.557200000' });
    expect(codes(addressInput.safeParse({ label: 'x', latitude: '90.1', longitude: '-180.5' }))).toEqual([
      'latitude_invalid',
      'longitude_invalid',
    ]);
    expect(codes(addressInput.safeParse({ label: ' ', latitude: '', longitude: 'east' }))).toEqual([
      'address_required',
      'latitude_invalid',
      'longitude_invalid',
    ]);
  });
});

describe('phone (SPEC §5: optional +, then 7 to 15 digits with optional single spaces)', () => {
  it.each(['+33612345678', '0556441290', '05 56 44 12 90', '+81 90 1234 5678', '1234567', '123456789012345'])(
    'accepts %s',
    (phone) => {
      expect(PHONE_PATTERN.test(phone)).toBe(true);
      expect(phoneNumber.safeParse(phone).success).toBe(true);
    },
  );

  it.each([
    '123456',
    '1234567890123456',
    '++33612345678',
    '06  12 34 56 78',
    '06-12-34-56-78',
    ' +33 6',
    '06 12 34 56 7a',
    '+ 33612345678',
  ])('refuses %s', (phone) => {
    expect(codes(phoneNumber.safeParse(phone))).toEqual(['phone_invalid']);
  });

  it('reports phone_required for a missing or blank phone', () => {
    expect(codes(phoneNumber.safeParse(''))).toEqual(['phone_required']);
    expect(codes(phoneNumber.safeParse('   '))).toEqual(['phone_required']);
    expect(codes(phoneNumber.safeParse(undefined))).toEqual(['phone_required']);
  });
});

describe('first and last names (SPEC §5: letters, accents, hyphen, apostrophe, space)', () => {
  it.each(['Sophie', 'Jean-Pierre', "O'Connor", 'D’Artagnan', 'Éléonore de la Tour', 'Müller', '佐藤', 'さとう'])(
    'accepts %s',
    (name) => {
      expect(personName('firstname').safeParse(name).success).toBe(true);
    },
  );

  it.each(['R2D2', 'Jean_Pierre', 'Anne.', 'Marie@', 'Paul!'])('refuses %s', (name) => {
    expect(codes(personName('lastname').safeParse(name))).toEqual(['lastname_invalid']);
  });

  it('reports only the required code for a blank name', () => {
    expect(codes(personName('firstname').safeParse(''))).toEqual(['firstname_required']);
    expect(codes(personName('lastname').safeParse('  '))).toEqual(['lastname_required']);
    expect(codes(requiredText('label_required').safeParse(''))).toEqual(['label_required']);
  });

  it('trims the name', () => {
    expect(personName('firstname').parse('  Sophie ')).toBe('Sophie');
  });
});

describe('password (SPEC §5: ≥ 12 characters with upper and lower case, a digit and a special character)', () => {
  it.each(['Termite-Demo-2026!', 'Abcdefghij1!', 'Éléphant#2026x'])('accepts %s', (password) => {
    expect(isStrongPassword(password)).toBe(true);
  });

  it.each([
    ['too short', 'Abcdefgh1!x'],
    ['no upper case', 'termite-demo-2026!'],
    ['no lower case', 'TERMITE-DEMO-2026!'],
    ['no digit', 'Termite-Demo-Two!'],
    ['no special character', 'TermiteDemo2026x'],
    ['spaces are not special', 'Termite Demo 2026'],
  ])('refuses a password with %s', (_, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });
});

describe('e-mail', () => {
  it('lower-cases and trims a valid address, and reports email_required / email_invalid', () => {
    expect(emailAddress.parse('  Gilles@Test.Example ')).toBe('gilles@test.example');
    expect(codes(emailAddress.safeParse(''))).toEqual(['email_required']);
    expect(codes(emailAddress.safeParse('gilles@'))).toEqual(['email_invalid']);
  });
});
