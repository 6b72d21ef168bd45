/** Vitest set-up of the web project: DOM clean-up between tests and English texts for readable assertions. */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
  const { changeLanguage } = await import('../shared/i18n/i18n');
  await changeLanguage('en');
}
