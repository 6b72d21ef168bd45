/**
 * Every section of a report, read only (issue 12 "The report"): the visit (dates, type, site and client,
 * interveners, language), the texts (summary, recommendations, conducive conditions), the station checks, the
 * products used with their registrations, the photos, the signatures or "customer absent", and the deliveries (when,
 * by whom, to whom) — or why it was discarded.
 */
import { type ProductUseValue, type Report, type ReportPerson, reportPdfUrl } from '@isoptera/contracts';
import { Download, ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http-client';
import { cn } from '../../../shared/lib/cn';
import { useFormat } from '../../../shared/lib/use-format';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { ReportStatusBadge, ReportTypeBadge } from './report-badges';

/** A titled section of the panel. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-gray-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{title}</h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

/** A sentence saying a section is empty. */
function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-gray-600 italic">{children}</p>;
}

function Text({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return value ? (
    <p className="text-sm whitespace-pre-line text-gray-800">{value}</p>
  ) : (
    <Empty>{t('reports:screen.detail.none')}</Empty>
  );
}

/** A person of the visit with their licence number, if any. */
function personLabel(person: ReportPerson, licence: (n: string) => string): string {
  return person.licence_number ? `${person.name} (${licence(person.licence_number)})` : person.name;
}

function ProductUseCard({ use }: { use: ProductUseValue }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unit = use.unit === 'unit' ? t('reports:unit.unit', { count: use.quantity }) : t(`reports:unit.${use.unit}`);
  const details = [
    use.concentration ? t('reports:pdf.product.concentration', { value: use.concentration }) : null,
    use.method ? t('reports:pdf.product.method', { value: use.method }) : null,
    use.area_treated ? t('reports:pdf.product.area', { value: use.area_treated }) : null,
  ].filter(Boolean);
  return (
    <li className="rounded-md border border-gray-200 p-3">
      <p className="text-sm font-semibold text-gray-900">
        {use.product_name}{' '}
        <span className="font-normal text-gray-700">
          · {t('reports:pdf.product.quantity_value', { quantity: format.number(use.quantity), unit })}
        </span>
      </p>
      {use.active_ingredients.length ? (
        <p className="text-[13px] text-gray-700">
          {use.active_ingredients.map((a) => `${a.name} ${format.number(a.percent)} %`).join(', ')}
        </p>
      ) : null}
      {use.registration_number && use.register ? (
        <p className="text-[13px] text-gray-700">
          {t('reports:pdf.product.registration', {
            register: t(`reports:register.${use.register}`),
            number: use.registration_number,
          })}
        </p>
      ) : null}
      {details.length ? <p className="text-[13px] text-gray-700">{details.join(' · ')}</p> : null}
      <dl className="mt-2 grid grid-cols-2 gap-2">
        {use.target_species.length ? (
          <Field label={t('reports:pdf.product.target')}>
            {use.target_species.map((s) => t(`enums:termite_species.${s}`)).join(', ')}
          </Field>
        ) : null}
        {use.applicator ? (
          <Field label={t('reports:pdf.product.applicator')}>
            {personLabel(use.applicator, (number) => t('reports:pdf.product.licence', { number }))}
          </Field>
        ) : null}
        {use.lot ? <Field label={t('reports:pdf.product.lot')}>{use.lot}</Field> : null}
      </dl>
    </li>
  );
}

/** The station checks as a table (a list of cards on a phone). */
function StationChecks({ report }: { report: Report }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (report.station_checks.length === 0) return <Empty>{t('reports:pdf.no_stations')}</Empty>;
  const head = 'px-2 py-1.5 text-left text-xs font-semibold text-gray-600';
  return (
    <div className="@container">
      <p className="mb-2 text-[13px] text-gray-700">
        {t('reports:pdf.stations_checked', { count: report.station_checks.length })}
      </p>
      <table className="w-full border-collapse text-[13px]">
        <caption className="sr-only">{t('reports:pdf.stations')}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 @max-lg:sr-only">
          <tr>
            <th scope="col" className={head}>
              {t('reports:pdf.station.reference')}
            </th>
            <th scope="col" className={head}>
              {t('reports:pdf.station.result')}
            </th>
            <th scope="col" className={head}>
              {t('reports:pdf.station.action')}
            </th>
            <th scope="col" className={head}>
              {t('reports:pdf.station.bait')}
            </th>
            <th scope="col" className={head}>
              {t('reports:pdf.station.reading')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {report.station_checks.map((check, index) => (
            <tr
              key={check.equipment_ulid ?? `${check.reference}-${index}`}
              className="align-top @max-lg:grid @max-lg:grid-cols-2 @max-lg:gap-x-3 @max-lg:py-2"
            >
              <th scope="row" className="px-2 py-1.5 text-left font-semibold text-gray-900 @max-lg:col-span-2">
                {check.reference}
                <span className="block text-xs font-normal text-gray-600">
                  {t(`enums:equipment_kind.${check.kind}`)}
                </span>
                {check.note ? (
                  <span className="block text-xs font-normal text-gray-700">
                    {t('reports:pdf.station.note', { note: check.note })}
                  </span>
                ) : null}
              </th>
              <td className={cn('px-2 py-1.5', check.result === 'activity' && 'font-semibold text-red-800')}>
                <span className="sr-only @lg:hidden">{t('reports:pdf.station.result')}: </span>
                {t(`reports:result.${check.result}`)}
              </td>
              <td className="px-2 py-1.5">
                <span className="sr-only @lg:hidden">{t('reports:pdf.station.action')}: </span>
                {t(`reports:action.${check.action}`)}
              </td>
              <td className="px-2 py-1.5">
                <span className="text-gray-600 @lg:sr-only">{t('reports:pdf.station.bait')}: </span>
                {check.bait_consumed ? t(`reports:bait.${check.bait_consumed}`) : '—'}
              </td>
              <td className="px-2 py-1.5">
                <span className="text-gray-600 @lg:sr-only">{t('reports:pdf.station.reading')}: </span>
                {check.termite_activity === null
                  ? '—'
                  : t('reports:pdf.station.reading_value', { value: format.number(check.termite_activity) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The report, section by section. */
export function ReportView({ report }: { report: Report }) {
  const { t } = useTranslation();
  const format = useFormat();
  const licence = (number: string) => t('reports:pdf.product.licence', { number });
  // an automatic report (docs/decisions/018) has no visit: its stations, alerts, chart and advice are in its PDF
  const automatic = Boolean(report.automatic_kind);
  return (
    <div className="flex flex-col gap-5">
      <ReportSection title={t(automatic ? 'reports:pdf.auto.period' : 'reports:pdf.visit')}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <ReportStatusBadge status={report.status} />
          <ReportTypeBadge type={report.type} />
          {report.automatic_kind ? (
            <span className="text-[13px] text-gray-700">{t(`reports:pdf.auto.kind.${report.automatic_kind}`)}</span>
          ) : null}
          {/* every state: the frozen PDF once sent, else drawn now (marked draft while to process) */}
          <a
            href={http.url(reportPdfUrl(report.ulid))}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('white', 'sm', 'ml-auto')}
          >
            <Download size={14} aria-hidden />
            {report.status === 'to_process'
              ? t('reports:screen.actions.downloadDraft')
              : t('reports:screen.actions.download')}
          </a>
        </div>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t('reports:pdf.client')}>{report.client.name}</Field>
          <Field label={t('reports:pdf.site')}>{report.site.name}</Field>
          <Field label={t('reports:pdf.started_at')}>{format.dateTime(report.visit_started_at)}</Field>
          <Field label={t('reports:pdf.ended_at')}>{format.dateTime(report.visit_ended_at)}</Field>
          {automatic ? null : (
            <Field label={t('reports:pdf.interveners')}>
              {report.interveners.length
                ? report.interveners.map((p) => personLabel(p, licence)).join(', ')
                : t('reports:screen.detail.none')}
            </Field>
          )}
          <Field label={t('reports:screen.detail.language')}>{t(`enums:language.${report.language}`)}</Field>
        </dl>
      </ReportSection>

      <ReportSection title={t('reports:pdf.summary')}>
        <Text value={report.summary} />
      </ReportSection>
      <ReportSection title={t('reports:pdf.recommendations')}>
        <Text value={report.recommendations} />
      </ReportSection>
      <ReportSection title={t('reports:pdf.conducive_conditions')}>
        <Text value={report.conducive_conditions} />
      </ReportSection>

      {automatic ? (
        <p className="rounded-md bg-gray-50 p-3 text-sm text-gray-800">{t('reports:automatic.inPdf')}</p>
      ) : (
        <>
          <ReportSection title={t('reports:pdf.stations')}>
            <StationChecks report={report} />
          </ReportSection>

          <ReportSection title={t('reports:pdf.products')}>
            {report.product_uses.length ? (
              <ul className="flex flex-col gap-2">
                {report.product_uses.map((use, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a product may be used twice; the order is the record's
                  <ProductUseCard key={`${use.product_ulid}-${index}`} use={use} />
                ))}
              </ul>
            ) : (
              <Empty>{t('reports:screen.detail.noProducts')}</Empty>
            )}
          </ReportSection>

          <ReportSection title={t('reports:pdf.photos')}>
            {report.photos.length ? (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {report.photos.map((photo) => {
                  const station = report.station_checks.find((c) => c.equipment_ulid === photo.equipment_ulid);
                  const caption = [
                    t(`reports:photo_kind.${photo.kind}`),
                    station ? t('reports:pdf.photo_station', { reference: station.reference }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <li key={photo.ulid}>
                      <a
                        href={http.url(photo.url)}
                        target="_blank"
                        rel="noreferrer"
                        className="block rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                      >
                        <img
                          src={http.url(photo.url)}
                          alt={caption}
                          loading="lazy"
                          className="aspect-square w-full rounded-md bg-gray-100 object-cover"
                        />
                      </a>
                      <p className="mt-1 truncate text-xs text-gray-700">{caption}</p>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="flex items-center gap-2 text-sm text-gray-600 italic">
                <ImageOff size={16} aria-hidden />
                {t('reports:screen.detail.noPhotos')}
              </p>
            )}
          </ReportSection>

          <ReportSection title={t('reports:pdf.signatures')}>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Field label={t('reports:pdf.customer_signature')}>
                {report.customer_absent ? (
                  t('reports:pdf.customer_absent')
                ) : report.has_customer_signature || report.customer_signature_name ? (
                  <>
                    {report.customer_signature_name ?? '—'}
                    {report.customer_signed_at ? (
                      <span className="block text-[13px] text-gray-700">
                        {t('reports:pdf.signed_at', { date: format.dateTime(report.customer_signed_at) })}
                      </span>
                    ) : null}
                  </>
                ) : (
                  t('reports:pdf.not_signed')
                )}
              </Field>
              <Field label={t('reports:pdf.technician_signature')}>
                {report.technician ? personLabel(report.technician, licence) : '—'}
                <span className="block text-[13px] text-gray-700">
                  {report.has_technician_signature ? t('reports:screen.detail.signed') : t('reports:pdf.not_signed')}
                </span>
              </Field>
            </dl>
          </ReportSection>
        </>
      )}

      <ReportSection title={t('reports:screen.detail.deliveries')}>
        {report.status === 'discarded' ? (
          <p className="mb-2 rounded-md bg-gray-50 p-3 text-sm text-gray-800">
            {t('reports:screen.list.discardedOn', { date: format.dateTime(report.discarded_at) })}
            {report.discard_reason ? (
              <span className="mt-1 block">
                {t('reports:screen.detail.discardReason', { reason: report.discard_reason })}
              </span>
            ) : null}
          </p>
        ) : null}
        {report.deliveries.length ? (
          <ol className="flex flex-col gap-2">
            {report.deliveries.map((delivery) => (
              <li key={`${delivery.kind}-${delivery.at}`} className="rounded-md border border-gray-200 p-3 text-sm">
                <p className="font-medium text-gray-900">
                  {t(`reports:screen.detail.delivery.${delivery.kind}`, { date: format.dateTime(delivery.at) })}
                </p>
                {delivery.by ? (
                  <p className="text-[13px] text-gray-700">
                    {t('reports:screen.detail.delivery.by', { name: delivery.by.name })}
                  </p>
                ) : null}
                <p className="text-[13px] break-all text-gray-700">
                  {t('reports:screen.detail.delivery.to', { recipients: delivery.recipients.join(', ') })}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <Empty>
            {report.status === 'discarded' ? t('reports:screen.detail.none') : t('reports:screen.detail.notSent')}
          </Empty>
        )}
      </ReportSection>
    </div>
  );
}
