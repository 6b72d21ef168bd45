/**
 * The report of a visit in the intervention panel (issue 12 "Screens": a past visit shows whether it has a report,
 * and offers "record the visit"). A visit that has started (its start is now or earlier, in absolute time) shows its
 * report's status and a link to it on `/reports?report=<ulid>`; without one, owners and managers (PCO action) can
 * record a visit done on paper (`POST /api/interventions/{id}/report`), after which the mark appears. A future
 * visit shows nothing. Errors (409 `report_already_exists`, 422 `intervention_not_past`) show in the section.
 */
import { ACTIONS, type Intervention } from '@isoptera/contracts';
import { ArrowRight, ClipboardCheck, FilePen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/auth/session';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/field-error';
import { notify } from '../../../shared/ui/notifications';
import { ReportStatusBadge } from '../../../shared/ui/report-status';
import { useRecordVisit } from '../api/record-visit';

/** Where the reports screen opens one report (it reads the `report` search parameter). */
export const reportHref = (reportUlid: string) => `/reports?report=${encodeURIComponent(reportUlid)}`;

/** `true` once the visit has started: it can be recorded and its report is worth showing. */
export function isPastVisit(visit: Pick<Intervention, 'start_at'>, now: number = Date.now()): boolean {
  return Date.parse(visit.start_at) <= now;
}

export interface VisitReportProps {
  intervention: Intervention;
  /** Opens the report (the panel closes first, then navigates to `href`). */
  onOpenReport: (href: string) => void;
  /** Disables "record the visit" while the form is saving. */
  isDisabled?: boolean;
}

/** The "Visit report" box of a past visit; nothing for a future one. */
export function VisitReport({ intervention, onOpenReport, isDisabled = false }: VisitReportProps) {
  const { t } = useTranslation();
  const { hasAction } = useSession();
  const record = useRecordVisit();
  const [error, setError] = useState<string | null>(null);
  if (!isPastVisit(intervention)) return null;
  const report = intervention.report;
  const canRecord = hasAction(ACTIONS.PCO_ACTION);

  const recordIt = async () => {
    setError(null);
    try {
      await record.mutateAsync(intervention.ulid);
      notify({ title: t('interventions:report.recorded') });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section
      aria-labelledby="visit-report-title"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="visit-report-title" className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <ClipboardCheck size={16} aria-hidden className="text-gray-500" />
          {t('interventions:report.title')}
        </h3>
        {report ? <ReportStatusBadge status={report.status} /> : null}
      </div>
      {report ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-gray-700">{t(`interventions:report.status.${report.status}`)}</p>
          <Button
            variant="white"
            size="sm"
            icon={<ArrowRight size={16} aria-hidden />}
            onPress={() => onOpenReport(reportHref(report.ulid))}
          >
            {t('interventions:report.open')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {t(canRecord ? 'interventions:report.noneCanRecord' : 'interventions:report.none')}
          </p>
          <FormError message={error} />
          {canRecord ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                icon={<FilePen size={16} aria-hidden />}
                isLoading={record.isPending}
                isDisabled={isDisabled || record.isPending}
                onPress={() => void recordIt()}
              >
                {t('interventions:report.record')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
