/** The one mapping of a 422 answer's violations onto a form's fields (shared/forms/violations). */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { applyViolations, mapViolations, pathsOf } from './violations';

const violation = (propertyPath: string, code: string) => ({ propertyPath, code, message: '' });
const unprocessable = (...violations: ReturnType<typeof violation>[]) =>
  new ApiError(422, { error: 'validation_failed', violations });

describe('mapViolations', () => {
  it('puts the first code of each field under it and keeps the others for the top of the form', () => {
    const error = unprocessable(
      violation('contact.phone', 'phone_invalid'),
      violation('contact.phone', 'phone_required'),
      violation('site', 'site_not_editable'),
      violation('name', 'name_required'),
    );
    expect(mapViolations(error, new Set(['name', 'contact.phone']))).toEqual({
      fields: [
        ['contact.phone', 'phone_invalid'],
        ['name', 'name_required'],
      ],
      other: ['site_not_editable'],
    });
  });

  it('orders the fields as the form lists them, renames aliases and paths', () => {
    const error = unprocessable(violation('lastname', 'lastname_required'), violation('address', 'address_invalid'));
    expect(
      mapViolations(error, ['address.label', 'firstname', 'lastname'], { aliases: { address: 'address.label' } }),
    ).toEqual({
      fields: [
        ['address.label', 'address_invalid'],
        ['lastname', 'lastname_required'],
      ],
      other: [],
    });
    expect(mapViolations(error, (path) => (path === 'lastname' ? 'rows.0.lastname' : null))?.fields).toEqual([
      ['rows.0.lastname', 'lastname_required'],
    ]);
  });

  it('shows a top-level code under its field only when no violation names a field', () => {
    const wrongPassword = new ApiError(400, { error: 'invalid_password' });
    expect(mapViolations(wrongPassword, ['password'], { codes: { invalid_password: 'password' } })).toEqual({
      fields: [['password', 'invalid_password']],
      other: [],
    });
    expect(mapViolations(wrongPassword, ['password'])).toBeNull();
  });

  it('answers null for anything but an API error with violations', () => {
    expect(mapViolations(new ApiError(500, {}), ['name'])).toBeNull();
    expect(mapViolations(new ApiError(422, { violations: [] }), ['name'])).toBeNull();
    expect(mapViolations(new Error('network'), ['name'])).toBeNull();
  });
});

describe('applyViolations', () => {
  it('sets each field error as its code and focuses the first field only', () => {
    const setError = vi.fn();
    const error = unprocessable(violation('email', 'email_already_exist'), violation('firstname', 'firstname_invalid'));
    const mapped = applyViolations(error, setError, ['firstname', 'email']);
    expect(setError.mock.calls).toEqual([
      ['firstname', { type: 'server', message: 'firstname_invalid' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'email_already_exist' }, { shouldFocus: false }],
    ]);
    expect(mapped?.other).toEqual([]);
  });

  it('follows the shape of the values with pathsOf', () => {
    const setError = vi.fn();
    const values = { site: { referent: '', address: { city: '' } }, contact: '' };
    const error = unprocessable(
      violation('site.address.city', 'city_required'),
      violation('contact', 'contact_invalid'),
      violation('contact.phone', 'phone_invalid'),
    );
    expect(applyViolations(error, setError, pathsOf(values), { focus: false })?.other).toEqual(['phone_invalid']);
    expect(setError.mock.calls.map(([field]) => field)).toEqual(['site.address.city', 'contact']);
  });
});
