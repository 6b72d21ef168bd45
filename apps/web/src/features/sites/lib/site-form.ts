/**
 * The site form (SPEC §5 "Site"): its values (the shape of `POST /api/site_contacts`, references kept as ULIDs), the
 * validation with the contract's own schemas, the body sent (references as IRIs), the values of an existing site, and
 * the mapping of a 422 answer's violations onto the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BuildingType,
  type ContactInput,
  type CreateSiteContactBody,
  contactInput,
  createSiteContactBody,
  iri,
  reference,
  type SiteDetail,
  type SiteStatus,
  type TermiteSpecies,
  type TreatmentType,
  type WorkType,
} from '@isoptera/contracts';
import type { Resolver } from 'react-hook-form';

/** The value of the contact select that asks for a new contact. */
export const NEW_CONTACT = 'new';

export interface SiteFormValues {
  site: {
    /** Client ULID ('' until chosen). */
    client: string;
    name: string;
    description: string;
    address: {
      label: string;
      street: string;
      postal_code: string;
      city: string;
      country: string;
      /** Decimal degrees as typed. */
      latitude: string;
      longitude: string;
    };
    /** m²; NaN while empty. */
    area: number;
    /** Referent member ULID ('' until chosen). */
    referent: string;
    notes: string;
    work_type: WorkType;
    building_type: BuildingType;
    termite_species: TermiteSpecies;
    treatment_type: TreatmentType;
    estimated_box_number: number;
    estimated_igs_number: number;
    estimated_ags_number: number;
    /** `YYYY-MM-DD` or null. */
    desired_installation_date: string | null;
    status: SiteStatus;
  };
  /** The ULID of one of the client's contacts, or a new contact typed in the form. */
  contact: string | ContactInput;
}

/** An empty new contact. */
export function emptyContact(): ContactInput {
  return { lastname: '', firstname: '', phone: '', email: '', title: '', notes: '' };
}

/** The values of a new site, optionally for a given client. */
export function emptySiteForm(clientUlid = ''): SiteFormValues {
  return {
    site: {
      client: clientUlid,
      name: '',
      description: '',
      address: { label: '', street: '', postal_code: '', city: '', country: '', latitude: '', longitude: '' },
      area: Number.NaN,
      referent: '',
      notes: '',
      work_type: 'TYPE_UNKNOWN',
      building_type: 'TYPE_NONE',
      termite_species: 'undefined',
      treatment_type: 'TYPE_PREVENTION',
      estimated_box_number: 0,
      estimated_igs_number: 0,
      estimated_ags_number: 0,
      desired_installation_date: null,
      status: 'STATUS_TO_ESTIMATE',
    },
    contact: '',
  };
}

/** The values of an existing site (SPEC §3 "Site"). */
export function siteFormFromDetail(site: SiteDetail): SiteFormValues {
  const a = site.address;
  return {
    site: {
      client: site.client_ulid,
      name: site.name,
      description: site.description ?? '',
      address: {
        label: a.label,
        street: a.street ?? '',
        postal_code: a.postal_code ?? '',
        city: a.city ?? '',
        country: a.country ?? '',
        latitude: a.latitude ?? '',
        longitude: a.longitude ?? '',
      },
      area: site.area,
      referent: site.referent_ulid ?? '',
      notes: site.notes ?? '',
      work_type: site.work_type as WorkType,
      building_type: site.building_type as BuildingType,
      termite_species: site.termite_species as TermiteSpecies,
      treatment_type: site.treatment_type as TreatmentType,
      estimated_box_number: site.estimated_box_number,
      estimated_igs_number: site.estimated_igs_number,
      estimated_ags_number: site.estimated_ags_number,
      desired_installation_date: site.desired_installation_date,
      status: site.status,
    },
    contact: site.contact_ulid ?? '',
  };
}

/** The contract's body schema with an existing contact reference, and with a new contact. */
const withContactReference = createSiteContactBody.extend({
  contact: reference(['contacts'], 'contact_invalid', 'contact_required'),
});
const withNewContact = createSiteContactBody.extend({ contact: contactInput });

const resolveWithReference = zodResolver(withContactReference, undefined, { raw: true });
const resolveWithNewContact = zodResolver(withNewContact, undefined, { raw: true });

/** Validates the form with the contract's schemas (errors are violation codes); keeps the raw values. */
export const siteFormResolver: Resolver<SiteFormValues> = (values, context, options) => {
  const resolve = typeof values.contact === 'string' ? resolveWithReference : resolveWithNewContact;
  return resolve(values as never, context, options as never) as ReturnType<Resolver<SiteFormValues>>;
};

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const count = (value: number) => (Number.isFinite(value) ? value : 0);

/** The body of `POST /api/site_contacts` / `PUT /api/site_contacts/{id}`: references as IRIs (ARCHITECTURE §4). */
export function siteFormBody(values: SiteFormValues): CreateSiteContactBody {
  const { site, contact } = values;
  const a = site.address;
  return {
    site: {
      ...site,
      client: iri('clients', site.client),
      referent: iri('user_pcos', site.referent),
      description: orNull(site.description),
      notes: orNull(site.notes),
      address: {
        label: a.label.trim(),
        street: orNull(a.street),
        postal_code: orNull(a.postal_code),
        city: orNull(a.city),
        country: orNull(a.country),
        latitude: a.latitude.trim(),
        longitude: a.longitude.trim(),
      },
      estimated_box_number: count(site.estimated_box_number),
      estimated_igs_number: count(site.estimated_igs_number),
      estimated_ags_number: count(site.estimated_ags_number),
    },
    contact:
      typeof contact === 'string' ? iri('contacts', contact) : { ...contact, notes: orNull(contact.notes ?? '') },
  };
}
