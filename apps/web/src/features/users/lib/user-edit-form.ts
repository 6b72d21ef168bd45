/**
 * The member edit form (SPEC §2.7 Users "edit (name, e-mail, password, language, timezone)", §5 "User"): values of a
 * `SpaceUser`, the contract's `userEditBody` as the rules, and the body of `PUT {users}/{ulid}` — the password fields
 * are sent only when a new password is typed.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { type Language, type SpaceUser, type UserEditBody, userEditBody } from '@isoptera/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface UserEditValues {
  firstname: string;
  lastname: string;
  email: string;
  lang: Language;
  timezone: string;
  new_password1: string;
  new_password2: string;
}

/** The fields of the form, in the order the server's violations are matched against. */
export const USER_EDIT_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'lang',
  'timezone',
  'new_password1',
  'new_password2',
] as const satisfies ReadonlyArray<keyof UserEditValues>;

/** The form's starting values for `user` (empty password fields). */
export function userEditValues(user: SpaceUser): UserEditValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    lang: user.lang,
    timezone: user.timezone,
    new_password1: '',
    new_password2: '',
  };
}

/** The body of `PUT {users}/{ulid}`: empty password fields are left out (the password is then unchanged). */
export function userEditRequest(values: UserEditValues): UserEditBody {
  const { new_password1, new_password2, ...rest } = values;
  return new_password1 || new_password2 ? { ...rest, new_password1, new_password2 } : rest;
}

const contractResolver = zodResolver(userEditBody);

/**
 * react-hook-form resolver: the contract's `userEditBody` applied to the request body (so empty password fields
 * are not reported as `new_password_required`); on success the values come back trimmed (e-mail lower-cased).
 */
export const userEditResolver: Resolver<UserEditValues> = async (values, context, options) => {
  const result = await contractResolver(
    userEditRequest(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  );
  if (Object.keys(result.errors).length > 0) {
    return { values: {}, errors: result.errors as FieldErrors<UserEditValues> };
  }
  return { values: { ...values, ...(result.values as Partial<UserEditValues>) }, errors: {} };
};
