/** Home / overview (`/home`, SPEC §2.2, §2.7): the PCO's upcoming services of the next two weeks and 'new visit'. */
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { emit } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { UpcomingServices } from '../components/upcoming-services';

/** The Home screen. */
export function HomePage() {
  const { t } = useTranslation();
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
      <UpcomingServices />
    </>
  );
}
