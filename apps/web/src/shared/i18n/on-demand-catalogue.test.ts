/**
 * The error messages of a screen's own calls live in its on-demand namespace (`reports:errors.<code>`), out of the
 * start-up `errors` catalogue (ARCHITECTURE §6 budgets): loading the namespace lends them to `errors`, so that the
 * screen's notifications and field errors read them as any other code; a code of `errors` itself keeps its text.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { errorMessage, translateErrorCode } from '../api/error-message';
import { i18n, loadLanguage } from './i18n';
import { loadOnDemandCatalogue } from './on-demand-catalogue';

describe('loadOnDemandCatalogue', () => {
  it("lends the namespace's error messages to `errors` once it is loaded", async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    const notEditable = new ApiError(409, { error: 'report_not_editable', detail: 'Report is not editable' });
    // before: not in the start-up catalogues, so the server's description shows
    expect(errorMessage(notEditable)).toBe('Report is not editable');
    expect(translateErrorCode('mapping_invalid')).toBe(i18n.t('errors:unknown'));

    await loadOnDemandCatalogue('reports', 'fr');
    await loadOnDemandCatalogue('clientImport', 'fr');

    expect(errorMessage(notEditable)).toBe(i18n.t('reports:errors.report_not_editable'));
    expect(errorMessage(notEditable)).toMatch(/rapport/i);
    expect(translateErrorCode('mapping_invalid')).toBe(i18n.t('clientImport:errors.mapping_invalid'));
    expect(i18n.t('errors.report_not_editable')).toBe(i18n.t('reports:errors.report_not_editable'));
    // the start-up catalogue's own codes are untouched
    expect(translateErrorCode('not_found')).toBe(i18n.t('errors:not_found'));
  });
});
