/**
 * SpaceParameters (`/space-parameters`, dealer owner or PCO owner, anyone substituted into the space — SPEC §2.2,
 * §2.7 "Space settings"): the settings of the current space (name, logo, address, referral reseller), for a PCO its
 * alert thresholds and the entry to its product catalogue (issue 12), the account transfer, the audit trail of the changes made under substitution and the deletion of the account.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton, SkeletonLines } from '../../../shared/ui/skeleton';
import { useSpaceParameters } from '../api/space-parameters-api';
import { AlertSettingsCard } from '../components/alert-settings-card';
import { AuditCard } from '../components/audit-card';
import { DeleteCard } from '../components/delete-card';
import { ProductCatalogueCard } from '../components/product-catalogue-card';
import { ResponseTargetsCard } from '../components/response-targets-card';
import { SettingsForm } from '../components/settings-form';
import { TransferCard } from '../components/transfer-card';

/** Placeholder of the settings card while they load. */
function SettingsSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="size-20" />
      <SkeletonLines lines={4} />
    </div>
  );
}

/** The space settings screen; `pcoCards` are other features' cards for a PCO (composed by the app). */
export function SpaceParametersPage({ pcoCards }: { pcoCards?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const query = useSpaceParameters();
  const settings = query.data;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t('spaceParameters:title')} description={t('spaceParameters:description')} />
      {settings ? (
        <div className="flex flex-col gap-6">
          <SettingsForm settings={settings} />
          {actor?.userType === 'pco' ? <AlertSettingsCard /> : null}
          {actor?.userType === 'pco' ? <ResponseTargetsCard /> : null}
          {actor?.userType === 'pco' ? pcoCards : null}
          {actor?.userType === 'pco' ? <ProductCatalogueCard /> : null}
          <TransferCard settings={settings} />
          <AuditCard />
          <DeleteCard settings={settings} />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <div role="status" aria-label={t('common:states.loading')}>
          <SettingsSkeleton />
        </div>
      )}
    </div>
  );
}
