/** The site form (SPEC §5 "Site"): contract validation, body with IRIs, values of a site, 422 mapping. */
import type { SiteDetail } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyContact,
  emptySiteForm,
  type SiteFormValues,
  siteFormBody,
  siteFormFromDetail,
  siteFormResolver,
} from './site-form';

const CLIENT = '01JC0000000000000000000000';
const MEMBER = '01JMEMBER0000000000000000A';
const CONTACT = '01JCNTACT00000000000000000';

function filled(): SiteFormValues {
  const values = emptySiteForm(CLIENT);
  values.site = {
    ...values.site,
    name: 'Chai principal',
    address: {
      ...values.site.address,
      label: '8 allée des Lilas, 33700 Mérignac',
      latitude: '44.8429600001',
      longitude: '-0.64539',
    },
    area: 250,
    referent: MEMBER,
  };
  values.contact = CONTACT;
  return values;
}

const validate = async (values: SiteFormValues) => {
  const result = await siteFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const codes: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && 'message' in value)
        codes[path] = String((value as { message: string }).message);
      else if (value && typeof value === 'object') walk(value as Record<string, unknown>, path);
    }
  };
  walk(result.errors as Record<string, unknown>, '');
  return { values: result.values, codes };
};

describe('siteFormResolver', () => {
  it('accepts a complete form and keeps the raw values', async () => {
    const { values, codes } = await validate(filled());
    expect(codes).toEqual({});
    expect(values).toMatchObject({ site: { client: CLIENT, area: 250 }, contact: CONTACT });
  });

  it('reports the contract codes of every required field of an empty form', async () => {
    const { codes } = await validate(emptySiteForm());
    expect(codes).toEqual({
      'site.client': 'client_required',
      'site.name': 'label_required',
      'site.address.label': 'address_required',
      'site.address.latitude': 'latitude_invalid',
      'site.address.longitude': 'longitude_invalid',
      'site.area': 'area_required',
      'site.referent': 'referent_required',
      contact: 'contact_required',
    });
  });

  it('checks coordinate ranges, the area and a new contact', async () => {
    const values = filled();
    values.site.address.latitude = '91';
    values.site.area = 0;
    values.contact = {
      ...emptyContact(),
      firstname: 'Gilles',
      lastname: 'Barbier',
      phone: '12',
      email: 'x',
      title: 'Gardien',
    };
    const { codes } = await validate(values);
    expect(codes).toEqual({
      'site.address.latitude': 'latitude_invalid',
      'site.area': 'area_invalid',
      'contact.phone': 'phone_invalid',
      'contact.email': 'email_invalid',
    });
  });
});

describe('siteFormBody', () => {
  it('sends references as IRIs, blank optional texts as null and empty counts as 0', () => {
    const values = filled();
    values.site.description = '  ';
    values.site.estimated_igs_number = Number.NaN;
    const body = siteFormBody(values);
    expect(body.contact).toBe(`/api/contacts/${CONTACT}`);
    expect(body.site).toMatchObject({
      client: `/api/clients/${CLIENT}`,
      referent: `/api/user_pcos/${MEMBER}`,
      description: null,
      estimated_igs_number: 0,
      address: { label: '8 allée des Lilas, 33700 Mérignac', street: null, latitude: '44.8429600001' },
    });
  });

  it('sends a new contact as an object', () => {
    const values = filled();
    values.contact = { ...emptyContact(), firstname: 'Gilles' };
    expect(siteFormBody(values).contact).toMatchObject({ firstname: 'Gilles', notes: null });
  });
});

describe('siteFormFromDetail', () => {
  it('reads a site back into the form', () => {
    const site = {
      client_ulid: CLIENT,
      name: 'Chai',
      description: null,
      address: {
        label: 'L',
        street: null,
        postal_code: '33000',
        city: 'Bordeaux',
        country: null,
        latitude: '44.1',
        longitude: '-0.5',
      },
      area: 120,
      referent_ulid: MEMBER,
      notes: null,
      work_type: 'TYPE_BUILDING',
      building_type: 'TYPE_RESIDENTIAL',
      termite_species: 'heterotermes',
      treatment_type: 'TYPE_ELIMINATION',
      estimated_box_number: 1,
      estimated_igs_number: 2,
      estimated_ags_number: 3,
      desired_installation_date: '2030-01-02',
      status: 'STATUS_TO_INSTALL',
      contact_ulid: CONTACT,
    } as unknown as SiteDetail;
    const values = siteFormFromDetail(site);
    expect(values.contact).toBe(CONTACT);
    expect(values.site).toMatchObject({
      description: '',
      address: { street: '', city: 'Bordeaux' },
      termite_species: 'heterotermes',
    });
  });
});
