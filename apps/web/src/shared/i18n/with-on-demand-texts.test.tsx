/** A component whose texts load on demand shows its placeholder, then itself once the language's texts are there. */
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { withOnDemandTexts } from './with-on-demand-texts';

function Title() {
  const { t } = useTranslation();
  return <h2>{t('equipment:section.title', { defaultValue: 'missing' })}</h2>;
}

describe('withOnDemandTexts', () => {
  it('renders the placeholder until the namespace is loaded, then the component with its texts', async () => {
    expect(i18n.hasResourceBundle('en', 'equipment')).toBe(false);
    const Wrapped = withOnDemandTexts('equipment', Title, <p>loading texts</p>);
    render(<Wrapped />);
    expect(screen.getByText('loading texts')).toBeTruthy();
    const heading = await screen.findByRole('heading');
    expect(heading.textContent).toBe('Equipment');
    expect(i18n.hasResourceBundle('en', 'equipment')).toBe(true);
  });
});
