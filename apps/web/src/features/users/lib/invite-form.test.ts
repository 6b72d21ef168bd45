/** The invitation rows (SPEC §5 "the same e-mail entered several times in an invitation is refused", §6). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { inviteBody, inviteFormSchema, inviteViolations, repeatedEmailRows } from './invite-form';

const schema = inviteFormSchema(['ROLE_PCO_SPACE_TECHNICIAN', 'ROLE_PCO_SPACE_USER']);
const codes = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('invite form', () => {
  it('finds the repeated e-mails (trimmed, case-insensitive) on the later rows only', () => {
    expect(
      repeatedEmailRows([{ email: 'emma@example.fr' }, { email: '' }, { email: ' Emma@Example.fr' }, { email: '' }]),
    ).toEqual([2]);
  });

  it('requires e-mail and role on each row, and refuses a role the actor may not grant', () => {
    expect(
      codes({
        invites: [
          { email: 'emma@example.fr', role: 'ROLE_PCO_SPACE_TECHNICIAN', lang: 'auto' },
          { email: 'leo@example.fr', role: 'ROLE_PCO_SPACE_MANAGER', lang: 'fr' },
          { email: '', role: '', lang: 'auto' },
        ],
      }),
    ).toEqual({
      'invites.1.role': 'chosen_role_not_allowed',
      'invites.2.email': 'email_required',
      'invites.2.role': 'role_required',
    });
  });

  it('sends the language only when chosen', () => {
    expect(
      inviteBody([
        { email: 'a@x.fr', role: 'ROLE_PCO_SPACE_USER', lang: 'auto' },
        { email: 'b@x.fr', role: 'ROLE_PCO_SPACE_USER', lang: 'ja' },
      ]),
    ).toEqual({
      invites: [
        { email: 'a@x.fr', role: 'ROLE_PCO_SPACE_USER' },
        { email: 'b@x.fr', role: 'ROLE_PCO_SPACE_USER', lang: 'ja' },
      ],
    });
  });

  it('splits a 422 answer into row fields and the rest', () => {
    const error = new ApiError(422, {
      error: 'validation_failed',
      violations: [
        { propertyPath: 'invites.2.email', code: 'email_already_exist', message: '' },
        { propertyPath: 'invites.2.email', code: 'email_invalid', message: '' },
        { propertyPath: 'invites.0.role', code: 'chosen_role_not_allowed', message: '' },
        { propertyPath: 'invites', code: 'invites_required', message: '' },
      ],
    });
    expect(inviteViolations(error)).toEqual({
      fields: [
        ['invites.2.email', 'email_already_exist'],
        ['invites.0.role', 'chosen_role_not_allowed'],
      ],
      other: ['invites_required'],
    });
    expect(inviteViolations(new ApiError(500, {}))).toBeNull();
  });
});
