/**
 * Form models of the clients feature, on the contract's own rules (SPEC §5 "Client", "Contact"): the new-client form
 * (client, main contact, any number of alternative contacts), the client edit form and the contact form; and the
 * mapping of a 422 answer's violations onto form fields.
 */
import { type ClientContact, type ClientDetail, clientInput, contactInput, type Violation } from '@isoptera/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error';

/** New client: `client` + `contact` (its main contact) + `alternatives`. */
export const newClientSchema = z.object({
  client: clientInput,
  contact: contactInput,
  alternatives: z.array(contactInput),
});
export type NewClientValues = z.input<typeof newClientSchema>;
export type NewClientOutput = z.output<typeof newClientSchema>;

/** Edit of a client with its main contact (one `PUT /api/client_contacts/{main link}`). */
export const clientEditSchema = z.object({ client: clientInput, contact: contactInput });
export type ClientEditValues = z.input<typeof clientEditSchema>;
export type ClientEditOutput = z.output<typeof clientEditSchema>;

/** Add or edit one contact of a client. */
export const contactFormSchema = z.object({ contact: contactInput });
export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;

export type ContactValues = z.input<typeof contactInput>;

/** The fields of a contact, in form order. */
export const CONTACT_FIELDS = ['lastname', 'firstname', 'title', 'phone', 'email', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** An empty contact for a new form row. */
export function emptyContact(): ContactValues {
  return { lastname: '', firstname: '', title: '', phone: '', email: '', notes: '' };
}

/** The form values of an existing contact. */
export function contactValues(contact: ClientContact): ContactValues {
  return {
    lastname: contact.lastname,
    firstname: contact.firstname,
    title: contact.title,
    phone: contact.phone,
    email: contact.email,
    notes: contact.notes ?? '',
  };
}

/** The edit form's values of a client and its main contact. */
export function clientEditValues(client: ClientDetail): ClientEditValues {
  return {
    client: { name: client.name, company: client.company },
    contact: client.primary_contact ? contactValues(client.primary_contact) : emptyContact(),
  };
}

/**
 * The violations of a failed call as `[field name, code]` pairs, each property path renamed by `rename` (null: not a
 * field of this form). Answers null when the error carries no violation (not a 422).
 */
export function violationFields(
  error: unknown,
  rename: (path: string) => string | null = (path) => path,
): Array<[string, string]> | null {
  if (!isApiError(error, 422) || error.violations.length === 0) return null;
  const seen = new Set<string>();
  const fields: Array<[string, string]> = [];
  for (const violation of error.violations as Violation[]) {
    const name = rename(violation.propertyPath);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    fields.push([name, violation.code]);
  }
  return fields;
}

/** Shows each `[field name, code]` under its field; the first one gets the focus (unless `focus` is false). */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<[string, string]>,
  focus = true,
): void {
  for (const [index, [name, code]] of fields.entries()) {
    setError(name as FieldPath<T>, { type: 'server', message: code }, { shouldFocus: focus && index === 0 });
  }
}

/** The full name of a contact, "Firstname Lastname" (Japanese: "Lastname Firstname"). */
export function contactName(contact: { firstname: string; lastname: string }, language: string): string {
  return language === 'ja' ? `${contact.lastname} ${contact.firstname}` : `${contact.firstname} ${contact.lastname}`;
}
