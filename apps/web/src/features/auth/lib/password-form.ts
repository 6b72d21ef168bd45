/**
 * Form models of the password screens, on the contract's rules (SPEC §5): the new password (`newPassword`:
 * `new_password_required`, `password_must_be`) and its confirmation (`passwords_do_not_match`); the activation form
 * adds the names and the time zone of `newUserBody`.
 */
import { newPassword, personName } from '@isoptera/contracts';
import { z } from 'zod';

const matches = (values: { new_password: string; confirmation: string }) => values.new_password === values.confirmation;
const mismatch = { error: 'passwords_do_not_match', path: ['confirmation'] };

/** `/renew-password`: the new password twice. */
export const renewPasswordSchema = z
  .object({ new_password: newPassword, confirmation: z.string() })
  .refine(matches, mismatch);
export type RenewPasswordValues = z.input<typeof renewPasswordSchema>;

/**
 * `/activation` for a new account: names, password twice, time zone. The zone is only required here: the server
 * checks it against its own list (`timezone_not_accepted`), which the browser's may not match exactly.
 */
export const activationSchema = z
  .object({
    firstname: personName('firstname'),
    lastname: personName('lastname'),
    new_password: newPassword,
    confirmation: z.string(),
    timezone: z.string().trim().min(1, { error: 'timezone_required' }),
  })
  .refine(matches, mismatch);
export type ActivationValues = z.input<typeof activationSchema>;
export type ActivationOutput = z.output<typeof activationSchema>;
