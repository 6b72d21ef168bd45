/** The row rules of the client import (issue 13): the forms' schemas applied to a row's cells. */
import { describe, expect, it } from 'vitest';
import { importRowSchema, rowFromCells } from './client-imports.js';

const person = {
  client_name: 'Résidence Les Pins',
  lastname: 'Lefèvre',
  firstname: 'Hélène',
  phone: '+33 6 12 34 56 78',
  email: 'Helene@Exemple.fr',
  title: 'Gérante',
};
const check = (cells: Record<string, string>) => importRowSchema.safeParse(rowFromCells(cells));
const codes = (cells: Record<string, string>) => {
  const parsed = check(cells);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('importRowSchema', () => {
  it('reads a company cell in any language and defaults to a company', () => {
    expect(check({ ...person, company: 'particulier' }).data?.client.company).toBe(false);
    expect(check({ ...person, company: 'いいえ' }).data?.client.company).toBe(false);
    expect(check({ ...person, company: 'Sì' }).data?.client.company).toBe(true);
    expect(check(person).data?.client.company).toBe(true);
    expect(codes({ ...person, company: 'peut-être' })).toEqual(['client.company:company_invalid']);
  });

  it('applies the contact form: e-mail lower-cased, codes of the form', () => {
    expect(check(person).data?.contact.email).toBe('helene@exemple.fr');
    expect(codes({ ...person, phone: '12', lastname: '' })).toEqual([
      'contact.lastname:lastname_required',
      'contact.phone:phone_invalid',
    ]);
  });

  it('gives a row a site only with a site field; the site takes the client name and needs coordinates', () => {
    expect(check({ ...person, city: 'Bordeaux', country: 'France' }).data?.site).toBeNull();
    const site = check({
      ...person,
      address: '1 rue X',
      city: 'Bordeaux',
      latitude: '44.8',
      longitude: '-0.5',
      area: '90',
    });
    expect(site.data?.site).toMatchObject({ name: 'Résidence Les Pins', area: 90 });
    expect(site.data?.site?.address.label).toBe('1 rue X, Bordeaux');
    expect(codes({ ...person, address: '1 rue X', area: '90' })).toEqual([
      'site.address.latitude:latitude_invalid',
      'site.address.longitude:longitude_invalid',
    ]);
  });
});
