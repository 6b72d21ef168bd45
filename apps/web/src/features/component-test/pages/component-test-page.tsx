/**
 * `/test` (SPEC §2.2 "component test page", super admin only; issue 14): every shared UI component of `shared/ui` in
 * each variant of SPEC §9 — button variants and sizes, the label badge (default gray, clickable only when closable),
 * spinner sizes 20/24/32/48, the pickers (select, radio, searchable single and multiple, date, date-time, range),
 * the form fields, notifications (info, error, with actions), dialogs, and the page-level states — to check a change
 * of the design system at a glance. In no menu. Texts: the on-demand `componentTest` namespace (the router loads it).
 */
import { ALERT_TYPES, INTERVENTION_TYPES, SITE_STATUSES } from '@isoptera/contracts';
import { Bell, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { BADGE_TONES, Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Checkbox } from '../../../shared/ui/checkbox';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DatePicker, DateRangePicker, type DateRangeValue, DateTimePicker } from '../../../shared/ui/date-picker';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { Highlight } from '../../../shared/ui/highlight';
import { Modal } from '../../../shared/ui/modal';
import { notify } from '../../../shared/ui/notifications';
import { NumberField } from '../../../shared/ui/number-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { PasswordChecklist } from '../../../shared/ui/password-checklist';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { ReportStatusBadge } from '../../../shared/ui/report-status';
import { SearchInput } from '../../../shared/ui/search-input';
import { type PickerOption, SearchPicker } from '../../../shared/ui/search-picker';
import { Select } from '../../../shared/ui/select';
import { Skeleton, SkeletonLines } from '../../../shared/ui/skeleton';
import { SpaceLogo } from '../../../shared/ui/space-logo';
import { Spinner } from '../../../shared/ui/spinner';
import { AlertBadge, InterventionTypeBadge, StatusBadge } from '../../../shared/ui/status';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';

const BUTTON_VARIANTS = ['primary', 'secondary', 'tertiary', 'white', 'red'] as const;
const SPINNER_SIZES = [20, 24, 32, 48] as const;
const FRUITS = ['Termite', 'Reticulitermes', 'Coptotermes', 'Kalotermes', 'Cryptotermes', 'Mastotermes'];

/** One section of the page: a titled card whose content wraps. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={<h2 className="text-base font-semibold text-gray-900">{title}</h2>}>
      <div className="flex flex-wrap items-start gap-4">{children}</div>
    </Card>
  );
}

/** The component test page. */
export function ComponentTestPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [closable, setClosable] = useState(true);
  const [select, setSelect] = useState<string | null>('a');
  const [radio, setRadio] = useState<string | null>('a');
  const [single, setSingle] = useState('');
  const [multiple, setMultiple] = useState<string[]>([]);
  const [date, setDate] = useState<string | null>(null);
  const [dateTime, setDateTime] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [password, setPassword] = useState('Termite');
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const options = [
    { id: 'a', label: t('componentTest:sample.optionA') },
    { id: 'b', label: t('componentTest:sample.optionB') },
    { id: 'c', label: t('componentTest:sample.optionC') },
  ];
  const loadOptions = async (query: string): Promise<PickerOption[]> =>
    FRUITS.filter((name) => name.toLowerCase().includes(query.toLowerCase())).map((name) => ({
      id: name,
      label: name,
    }));

  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageHeader title={t('componentTest:title')} description={t('componentTest:intro')} />

      <Section title={t('componentTest:sections.buttons')}>
        {BUTTON_VARIANTS.map((variant) => (
          <div key={variant} className="flex flex-col items-start gap-2">
            <Button variant={variant}>{variant}</Button>
            <Button variant={variant} size="sm" icon={<Plus size={16} aria-hidden />}>
              {`${variant} sm`}
            </Button>
            <Button variant={variant} isDisabled>
              {t('componentTest:sample.disabled')}
            </Button>
            <Button variant={variant} isLoading>
              {t('componentTest:sample.loading')}
            </Button>
          </div>
        ))}
      </Section>

      <Section title={t('componentTest:sections.badges')}>
        {(Object.keys(BADGE_TONES) as BadgeTone[]).map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
        <Badge>{t('componentTest:sample.defaultBadge')}</Badge>
        <Badge dotColor="#0f766e">{t('componentTest:sample.dotBadge')}</Badge>
        {closable ? (
          <Badge tone="brand" onClose={() => setClosable(false)} closeLabel={t('componentTest:sample.remove')}>
            {t('componentTest:sample.closableBadge')}
          </Badge>
        ) : (
          <Button variant="tertiary" size="sm" onPress={() => setClosable(true)}>
            {t('componentTest:sample.restore')}
          </Button>
        )}
        {SITE_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
        {ALERT_TYPES.map((type) => (
          <AlertBadge key={type} type={type} />
        ))}
        {INTERVENTION_TYPES.map((type) => (
          <InterventionTypeBadge key={type} type={type} />
        ))}
        <ReportStatusBadge status="to_process" />
        <ReportStatusBadge status="sent" />
        <ReportStatusBadge status="discarded" />
      </Section>

      <Section title={t('componentTest:sections.spinners')}>
        {SPINNER_SIZES.map((size) => (
          <div key={size} className="flex flex-col items-center gap-1 text-xs text-gray-600">
            <Spinner size={size} label={t('componentTest:sample.spinner', { size })} />
            <span aria-hidden>{size}</span>
          </div>
        ))}
      </Section>

      <Section title={t('componentTest:sections.pickers')}>
        <div className="grid w-full gap-4 md:grid-cols-2">
          <Select label={t('componentTest:sample.select')} options={options} value={select} onChange={setSelect} />
          <RadioGroup
            label={t('componentTest:sample.radio')}
            options={options}
            value={radio}
            onChange={setRadio}
            orientation="horizontal"
          />
          <SearchPicker
            label={t('componentTest:sample.searchSingle')}
            loadOptions={loadOptions}
            value={single}
            onChange={setSingle}
          />
          <SearchPicker
            mode="multiple"
            label={t('componentTest:sample.searchMultiple')}
            loadOptions={loadOptions}
            value={multiple}
            onChange={setMultiple}
          />
          <DatePicker label={t('componentTest:sample.date')} value={date} onChange={setDate} />
          <DateTimePicker label={t('componentTest:sample.dateTime')} value={dateTime} onChange={setDateTime} />
          <DateRangePicker label={t('componentTest:sample.range')} value={range} onChange={setRange} />
          {/* what the chosen date and time look like in the user's language and time zone */}
          <p className="self-end text-sm text-gray-700" aria-live="polite">
            {[format.date(date), format.dateTime(dateTime)].filter(Boolean).join(' · ')}
          </p>
        </div>
      </Section>

      <Section title={t('componentTest:sections.fields')}>
        <div className="grid w-full gap-4 md:grid-cols-2">
          <TextField label={t('componentTest:sample.text')} value={text} onChange={setText} isRequired />
          <TextField label={t('componentTest:sample.invalid')} defaultValue="R2D2" error="firstname_invalid" />
          <TextField label={t('componentTest:sample.disabled')} defaultValue="—" isDisabled />
          <NumberField label={t('componentTest:sample.number')} defaultValue={12} unit="m²" showSteppers />
          <TextArea label={t('componentTest:sample.textArea')} defaultValue="" rows={3} />
          <SearchInput label={t('componentTest:sample.search')} value={search} onChange={setSearch} />
          <Checkbox defaultSelected>{t('componentTest:sample.checkbox')}</Checkbox>
          <div className="flex flex-col gap-2">
            <TextField label={t('componentTest:sample.password')} value={password} onChange={setPassword} />
            <PasswordChecklist value={password} />
          </div>
        </div>
      </Section>

      <Section title={t('componentTest:sections.notifications')}>
        <Button
          variant="white"
          icon={<Bell size={16} aria-hidden />}
          onPress={() => notify({ title: t('componentTest:sample.info') })}
        >
          {t('componentTest:sample.notifyInfo')}
        </Button>
        <Button
          variant="white"
          onPress={() =>
            notify({
              title: t('componentTest:sample.error'),
              content: t('componentTest:sample.errorText'),
              error: true,
            })
          }
        >
          {t('componentTest:sample.notifyError')}
        </Button>
        <Button
          variant="white"
          onPress={() =>
            notify({
              title: t('componentTest:sample.info'),
              primaryAction: { name: t('componentTest:sample.confirm'), close: true },
              secondaryAction: { name: t('componentTest:sample.cancel'), close: true },
            })
          }
        >
          {t('componentTest:sample.notifyActions')}
        </Button>
      </Section>

      <Section title={t('componentTest:sections.dialogs')}>
        <Button variant="secondary" onPress={() => setModalOpen(true)}>
          {t('componentTest:sample.openModal')}
        </Button>
        <Button variant="red" icon={<Trash2 size={16} aria-hidden />} onPress={() => setConfirmOpen(true)}>
          {t('componentTest:sample.openConfirm')}
        </Button>
        <Modal
          isOpen={modalOpen}
          onOpenChange={setModalOpen}
          title={t('componentTest:sample.modalTitle')}
          footer={<Button onPress={() => setModalOpen(false)}>{t('componentTest:sample.confirm')}</Button>}
        >
          <p className="text-sm text-gray-700">{t('componentTest:sample.modalText')}</p>
        </Modal>
        <ConfirmDialog
          isOpen={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t('componentTest:sample.confirmTitle')}
          message={t('componentTest:sample.confirmText')}
          confirmLabel={t('componentTest:sample.confirm')}
          onConfirm={() => setConfirmOpen(false)}
        />
      </Section>

      <Section title={t('componentTest:sections.states')}>
        <div className="grid w-full gap-4 md:grid-cols-2">
          <EmptyState message={t('componentTest:sample.empty')} />
          <ErrorState message={t('componentTest:sample.errorText')} onRetry={() => {}} />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-6 w-40" />
            <SkeletonLines lines={3} />
          </div>
          <div className="flex items-center gap-3">
            <SpaceLogo name="Bordeaux Termites" src={null} />
            <SpaceLogo name="Bordeaux Termites" src={null} size="lg" />
            <span className="text-sm">
              <Highlight text="Reticulitermes flavipes" query="term" />
            </span>
          </div>
          <div className="md:col-span-2">
            <Pagination page={page} total={95} onPageChange={setPage} />
          </div>
        </div>
      </Section>
    </div>
  );
}
