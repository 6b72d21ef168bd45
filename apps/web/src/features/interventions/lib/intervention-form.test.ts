/** SPEC §5 "Intervention" rules as the form applies them, the request body and the mapping of server violations. */

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { mapViolations } from '../../../shared/forms/violations';
import {
  bodyOfValues,
  dateRuleErrors,
  type InterventionFormValues,
  interventionResolver,
  interventionViolationField,
  valuesOfIntervention,
} from './intervention-form';

const CLIENT = '01JCCCCCCCCCCCCCCCCCCCCCCC';
const SITE = '01JSSSSSSSSSSSSSSSSSSSSSSS';
const MEMBER = '01JMMMMMMMMMMMMMMMMMMMMMMM';

const values = (overrides: Partial<InterventionFormValues> = {}): InterventionFormValues => ({
  client: CLIENT,
  site: SITE,
  type: 'TYPE_CONTROL_VISIT',
  interveners: [MEMBER],
  start_at: '2030-06-10 09:00:00',
  end_at: '2030-06-10 10:00:00',
  description: '  Contrôle des stations  ',
  send_mail: true,
  ...overrides,
});

const resolve = async (v: InterventionFormValues, context = { now: '2030-06-10 08:00:00', initialStart: null }) => {
  const resolver = interventionResolver(() => context);
  const result = await resolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
};

describe('dateRuleErrors', () => {
  it('requires a start later than now and an end later than the start', () => {
    const context = { now: '2030-06-10 09:00:00', initialStart: null };
    expect(dateRuleErrors({ start_at: '2030-06-10 09:00:00', end_at: '2030-06-10 10:00:00' }, context)).toEqual({
      start_at: 'start_at_invalid',
    });
    expect(dateRuleErrors({ start_at: '2030-06-10 09:01:00', end_at: '2030-06-10 09:01:00' }, context)).toEqual({
      end_at: 'end_at_invalid',
    });
    expect(dateRuleErrors({ start_at: '2030-06-10 09:01:00', end_at: '2030-06-10 09:02:00' }, context)).toEqual({});
  });

  it('does not re-check an unchanged start of an edited visit', () => {
    const context = { now: '2030-06-10 12:00:00', initialStart: '2030-06-10 09:00:00' };
    expect(dateRuleErrors({ start_at: '2030-06-10 09:00:00', end_at: '2030-06-10 10:00:00' }, context)).toEqual({});
    expect(dateRuleErrors({ start_at: '2030-06-10 09:30:00', end_at: '2030-06-10 10:00:00' }, context)).toEqual({
      start_at: 'start_at_invalid',
    });
  });
});

describe('interventionResolver', () => {
  it('reports the contract codes of missing fields', async () => {
    const errors = await resolve(values({ client: '', site: '', type: '', interveners: [], start_at: '', end_at: '' }));
    expect(errors).toEqual({
      client: 'client_required',
      site: 'site_required',
      type: 'type_required',
      interveners: 'interveners_required',
      start_at: 'start_at_required',
      end_at: 'end_at_required',
    });
  });

  it('adds the date rules and accepts a valid visit', async () => {
    expect(await resolve(values({ start_at: '2030-06-10 07:00:00' }))).toEqual({ start_at: 'start_at_invalid' });
    expect(await resolve(values({ end_at: '2030-06-10 08:30:00' }))).toEqual({ end_at: 'end_at_invalid' });
    expect(await resolve(values())).toEqual({});
  });
});

describe('bodyOfValues', () => {
  it('sends IRIs, post-format dates, a trimmed description or null, and send_mail', () => {
    expect(bodyOfValues(values())).toEqual({
      client: `/api/clients/${CLIENT}`,
      site: `/api/sites/${SITE}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [`/api/user_pcos/${MEMBER}`],
      start_at: '2030-06-10 09:00:00',
      end_at: '2030-06-10 10:00:00',
      description: 'Contrôle des stations',
      send_mail: true,
    });
    expect(bodyOfValues(values({ description: '   ', send_mail: false }))).toMatchObject({
      description: null,
      send_mail: false,
    });
  });
});

describe('valuesOfIntervention', () => {
  it('reads an intervention in the user zone', () => {
    const read = valuesOfIntervention(
      {
        '@id': '/api/interventions/I',
        '@type': 'Intervention',
        ulid: 'I',
        type: 'TYPE_PRE_VISIT',
        description: null,
        start_at: '2030-06-10T09:00:00+02:00',
        end_at: '2030-06-10T10:30:00+02:00',
        send_mail: false,
        client_ulid: CLIENT,
        site_ulid: SITE,
        interveners_ulids: [MEMBER],
        site: {
          '@id': '',
          '@type': 'Site',
          ulid: SITE,
          name: 'Chai',
          client: { '@id': '', '@type': 'Client', ulid: CLIENT, name: 'Château' },
        },
        interveners: [
          { '@id': '', '@type': 'User', ulid: MEMBER, firstname: 'Lucas', lastname: 'Moreau', color: '#c2410c' },
        ],
        report: null,
      },
      'Asia/Tokyo',
    );
    expect(read).toEqual({
      client: CLIENT,
      site: SITE,
      type: 'TYPE_PRE_VISIT',
      interveners: [MEMBER],
      start_at: '2030-06-10 16:00:00',
      end_at: '2030-06-10 17:30:00',
      description: '',
      send_mail: false,
    });
  });
});

describe('interventionViolationField', () => {
  it('maps violation paths onto the fields and keeps the others apart', () => {
    const error = new ApiError(422, {
      violations: [
        { propertyPath: 'interveners.1', code: 'interveners_invalid', message: '' },
        { propertyPath: 'start_at', code: 'start_at_invalid', message: '' },
        { propertyPath: 'start_at', code: 'start_at_required', message: '' },
        { propertyPath: 'something', code: 'value_invalid', message: '' },
      ],
    });
    expect(mapViolations(error, interventionViolationField)).toEqual({
      fields: [
        ['interveners', 'interveners_invalid'],
        ['start_at', 'start_at_invalid'],
      ],
      other: ['value_invalid'],
    });
  });
});
