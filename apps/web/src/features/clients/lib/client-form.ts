/**
 * Form models of the clients feature, on the contract's own rules (SPEC §5 "Client", "Contact"): the new-client form
 * (client, main contact, any number of alternative contacts), the client edit form and the contact form (a 422
 * answer's violations go onto the fields through `shared/forms/violations`).
 */
import { type ClientContact, type ClientDetail, clientInput, contactInput } from '@isoptera/contracts';
import { z } from 'zod';

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

/** The full name of a contact, "Firstname Lastname" (Japanese: "Lastname Firstname"). */
export function contactName(contact: { firstname: string; lastname: string }, language: string): string {
  return language === 'ja' ? `${contact.lastname} ${contact.firstname}` : `${contact.firstname} ${contact.lastname}`;
}
