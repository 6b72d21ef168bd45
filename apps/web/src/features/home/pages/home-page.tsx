/**
 * Home / overview (`/home`, SPEC §2.2, §2.7): the PCO's upcoming services of the next two weeks and 'new visit', and
 * beside them the reports to process (issue 12; PCO action: owner and manager).
 */
import { ACTIONS } from '@isoptera/contracts';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { emit } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { ReportsToProcess } from '../components/reports-to-process';
import { UpcomingServices } from '../components/upcoming-services';

/** The Home screen. */
export function HomePage() {
  const { t } = useTranslation();
  const { hasAction } = useSession();
  const withReports = hasAction(ACTIONS.PCO_ACTION);
  return (
    <>
      <PageHeader
        title={t('common:pages.home')}
        description={t('home:description')}
        actions={
          <Button onPress={() => emit('openInterventionPanel', {})} icon={<Plus size={16} aria-hidden />}>
            {t('home:newVisit')}
          </Button>
        }
      />
      {withReports ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <UpcomingServices />
          <ReportsToProcess />
        </div>
      ) : (
        <UpcomingServices />
      )}
    </>
  );
}
