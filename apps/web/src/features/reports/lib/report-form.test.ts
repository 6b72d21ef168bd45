/** The edit form's values of a report, its merge patch (fields changed only, arrays whole) and its 422 mapping. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { mapViolations } from '../../../shared/forms/violations';
import { fullReport } from '../test-kit';
import { reportFormValues, reportPatchOf, reportViolationField, wallTimeOf } from './report-form';

describe('report form', () => {
  it('shows the visit in the user’s time zone and leaves out the checks of removed stations', () => {
    const report = fullReport('R1');
    const checks = report.station_checks.map((check, index) =>
      index === 1 ? { ...check, equipment: null, equipment_ulid: null } : check,
    );
    const values = reportFormValues({ ...report, station_checks: checks }, 'Asia/Tokyo');
    expect(values.visit_started_at).toBe('2026-03-10 17:00:00');
    expect(values.station_checks.map((c) => c.reference)).toEqual(['IGS-01']);
    expect(values.product_uses[0]).toMatchObject({ product: `/api/products/${report.product_uses[0]?.product_ulid}` });
    expect(wallTimeOf('not a date', 'Europe/Paris')).toBe('');
  });

  it('patches the fields changed only, the arrays whole, the signatory with the presence flag', () => {
    const values = reportFormValues(fullReport('R1'), 'Europe/Paris');
    expect(reportPatchOf(values, {})).toEqual({});
    const patch = reportPatchOf(
      { ...values, summary: 'Nouveau', customer_absent: true },
      { summary: true, customer_absent: true, product_uses: [{ lot: true }] },
    );
    expect(Object.keys(patch).sort()).toEqual([
      'customer_absent',
      'customer_signature_name',
      'product_uses',
      'summary',
    ]);
    expect(patch.customer_signature_name).toBe('');
    expect(patch.product_uses).toHaveLength(1);
    expect(patch.product_uses?.[0]).not.toHaveProperty('product_name');
  });

  it('puts the violations on their fields, a whole check on its result, and returns the others', () => {
    const values = reportFormValues(fullReport('R1'), 'Europe/Paris');
    const error = new ApiError(422, {
      violations: [
        { propertyPath: 'summary', code: 'summary_invalid', message: '' },
        { propertyPath: 'station_checks.1', code: 'station_invalid', message: '' },
        { propertyPath: 'product_uses[0].quantity', code: 'quantity_invalid', message: '' },
        { propertyPath: '', code: 'report_not_editable', message: '' },
      ],
    });
    expect(mapViolations(error, reportViolationField(values))).toEqual({
      fields: [
        ['summary', 'summary_invalid'],
        ['station_checks.1.result', 'station_invalid'],
        ['product_uses.0.quantity', 'quantity_invalid'],
      ],
      other: ['report_not_editable'],
    });
  });
});
