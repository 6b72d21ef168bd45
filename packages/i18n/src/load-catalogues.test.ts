/**
 * The server's catalogues (load-catalogues.ts): the error messages kept in a screen's namespace (`reports:errors.…`,
 * out of the web app's start-up `errors` catalogue) are lent to `errors`, which problem bodies and violations read;
 * a published override of such a message changes what `errors:<code>` says; the translation tool's base lists each
 * message once, where its file holds it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bundledCatalogues, loadCatalogues, SCREEN_ERROR_NAMESPACES, setServerOverrides } from './load-catalogues.js';
import { translate } from './translate.js';

afterEach(() => setServerOverrides({}));

describe('loadCatalogues', () => {
  it("lends every screen namespace's error messages to `errors`", () => {
    const catalogues = loadCatalogues();
    for (const namespace of SCREEN_ERROR_NAMESPACES) {
      const branch = bundledCatalogues().en[namespace]?.errors as Record<string, string> | undefined;
      expect(branch, namespace).toBeTruthy();
      for (const [code, text] of Object.entries(branch ?? {})) {
        expect(translate(catalogues, 'en', `errors:${code}`), `${namespace} ${code}`).toBe(text);
      }
    }
    expect(translate(catalogues, 'ja', 'errors:report_not_editable')).toMatch(/報告書/);
    expect(bundledCatalogues().en.errors?.report_not_editable).toBeUndefined();
  });

  it('shows a published override of a lent message under `errors:<code>`', () => {
    const catalogues = loadCatalogues();
    const before = translate(catalogues, 'fr', 'errors:mapping_invalid');
    setServerOverrides({ fr: { clientImport: { 'errors.mapping_invalid': 'Correspondance des colonnes refusée.' } } });
    expect(translate(catalogues, 'fr', 'errors:mapping_invalid')).toBe('Correspondance des colonnes refusée.');
    setServerOverrides({});
    expect(translate(catalogues, 'fr', 'errors:mapping_invalid')).toBe(before);
  });
});
