/**
 * The 'invite users' form (SPEC §2.7 Users, §5 "the same e-mail entered several times in an invitation is refused",
 * §6 "Invitable roles are restricted"): rows of e-mail + role (+ the language of the invitation e-mail), sent as
 * `POST {invites}/send {invites}` (contract `inviteSendBody`). Errors are violation codes on `invites.<i>.email` /
 * `invites.<i>.role`, the same paths as the server's 422 answer, so both land under the right row's field.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { emailAddress, type InviteSendBody, LANGUAGES, type Language, ROLES, type Role } from '@isoptera/contracts';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { type MappedViolations, mapViolations } from '../../../shared/forms/violations';

/** 'auto' leaves the language to the server (the invited account's, else the inviter's). */
export type InviteLanguage = Language | 'auto';

export interface InviteRowValues {
  email: string;
  role: Role | '';
  lang: InviteLanguage;
}
export interface InviteFormValues {
  invites: InviteRowValues[];
}

/** At most this many rows per sending (the contract's `invites` maximum). */
export const MAX_INVITE_ROWS = 50;

/** A new empty row; `role` repeats the previous row's choice. */
export function emptyInviteRow(role: Role | '' = ''): InviteRowValues {
  return { email: '', role, lang: 'auto' };
}

/** The form's per-row rules: each e-mail required and valid, each role chosen among `allowedRoles`. */
export function inviteFormSchema(allowedRoles: readonly Role[]) {
  return z.object({
    invites: z
      .array(
        z.object({
          email: emailAddress,
          role: z
            .string({ error: 'role_required' })
            .min(1, { error: 'role_required', abort: true })
            .refine((v): v is Role => (allowedRoles as readonly string[]).includes(v), {
              error: 'chosen_role_not_allowed',
            }),
          lang: z.union([z.enum(LANGUAGES), z.literal('auto')]),
        }),
      )
      .min(1, { error: 'invites_required' })
      .max(MAX_INVITE_ROWS, { error: 'invites_required' }),
  });
}

/** The indexes of the rows whose e-mail (trimmed, case-insensitive) was already given on an earlier row. */
export function repeatedEmailRows(rows: ReadonlyArray<{ email: string }>): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  rows.forEach((row, index) => {
    const email = row.email.trim().toLowerCase();
    if (!email) return;
    if (seen.has(email)) repeated.push(index);
    seen.add(email);
  });
  return repeated;
}

/**
 * The form's resolver: the rules of {@link inviteFormSchema}, plus `email_entered_several_times` on every repeated
 * e-mail (the first occurrence stays clean), checked even while other rows are invalid so every error shows at once.
 */
export function inviteFormResolver(allowedRoles: readonly Role[]): Resolver<InviteFormValues> {
  const rules = zodResolver(inviteFormSchema(allowedRoles)) as unknown as Resolver<InviteFormValues>;
  return async (values, context, options) => {
    const result = await rules(values, context, options);
    const repeated = repeatedEmailRows(values.invites);
    if (repeated.length === 0) return result;
    const rows = [...((result.errors.invites as unknown as Array<Record<string, FieldError> | undefined>) ?? [])];
    for (const index of repeated) {
      const row = rows[index] ?? {};
      rows[index] = { ...row, email: row.email ?? { type: 'custom', message: 'email_entered_several_times' } };
    }
    return { values: {}, errors: { ...result.errors, invites: rows } as unknown as FieldErrors<InviteFormValues> };
  };
}

/** The body of `POST {invites}/send` from the checked rows ('auto' language left out). */
export function inviteBody(rows: ReadonlyArray<{ email: string; role: string; lang: InviteLanguage }>): InviteSendBody {
  return {
    invites: rows.map(({ email, role, lang }) => (lang === 'auto' ? { email, role } : { email, role, lang })),
  };
}

const ROW_FIELD = /^invites\.(\d+)\.(email|role|lang)$/;

/** The row field a violation's property path names (`invites.<i>.email|role|lang`), else null. */
export function inviteField(path: string): string | null {
  return ROW_FIELD.test(path) ? path : null;
}

/**
 * Splits the violations of a 422 answer into row fields (`invites.<i>.email|role|lang`, first code per field) and
 * the rest (e.g. `invites_required`), shown above the form. `null` when the error is not a 422 with violations.
 */
export function inviteViolations(error: unknown): MappedViolations | null {
  return mapViolations(error, inviteField);
}

/** `true` when `role` is one of the contract's roles. */
export function isRole(role: string): role is Role {
  return (ROLES as readonly string[]).includes(role);
}
