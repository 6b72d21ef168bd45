/**
 * The entry to the product catalogue in the space settings (issue 12 "Product catalogue under the space settings"):
 * a card of the PCO owner's settings that opens `/space-parameters/products`.
 */
import { ArrowRight, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';

/** The 'Product catalogue' card. */
export function ProductCatalogueCard() {
  const { t } = useTranslation();
  return (
    <Card title={t('spaceParameters:products.title')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-gray-700">
          <FlaskConical size={16} aria-hidden className="mt-0.5 shrink-0 text-gray-500" />
          {t('spaceParameters:products.text')}
        </p>
        <ButtonLink
          href="/space-parameters/products"
          size="sm"
          className="shrink-0"
          icon={<ArrowRight size={16} aria-hidden />}
        >
          {t('spaceParameters:products.open')}
        </ButtonLink>
      </div>
    </Card>
  );
}
