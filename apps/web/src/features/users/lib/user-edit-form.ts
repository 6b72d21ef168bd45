/**
 * The member edit form (SPEC §2.7 Users "edit (name, e-mail, password, language, timezone)", §5 "User"; the applicator
 * licence number of issue 12): values of a `SpaceUser`, the contract's `userEditBody` as the rules, and the body of
 * `PUT {users}/{ulid}` — the password fields are sent only when a new password is typed; an empty licence number
 * clears it.
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
  /** The applicator licence number; empty for none. */
  licence_number: string;
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
  'licence_number',
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
    licence_number: user.licence_number ?? '',
    new_password1: '',
    new_password2: '',
  };
}

/**
 * The body of `PUT {users}/{ulid}`: empty password fields are left out (the password is then unchanged); an empty
 * licence number is sent as null (none).
 */
export function userEditRequest(values: UserEditValues): UserEditBody {
  const { new_password1, new_password2, licence_number, ...rest } = values;
  // an empty licence number is none (null); the resolver may already have turned it into null
  const fields = { ...rest, licence_number: licence_number?.trim() || null };
  return new_password1 || new_password2 ? { ...fields, new_password1, new_password2 } : fields;
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
