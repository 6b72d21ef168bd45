/**
 * Delete account (SPEC §2.7 "Space settings"), the danger zone: the dialog asks to type the space's name exactly (the
 * delete button stays disabled until it matches) and says what follows — the space is closed at once, its members
 * lose access, its data is kept {@link SPACE_RETENTION_DAYS} days then purged. After the 204 the owner is signed out;
 * someone substituted into the space goes back to their own space.
 */
import { SPACE_RETENTION_DAYS, type SpaceParameters } from '@isoptera/contracts';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/auth/session';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { TextField } from '../../../shared/ui/text-field';
import { deleteSpace } from '../api/space-parameters-api';
import { useEndOwnSession, useReturnToOwnSpace } from '../lib/use-leave-space';

/** The danger-zone card of the settings screen. */
export function DeleteCard({ settings }: { settings: SpaceParameters }) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const isSubstituting = actor?.isSubstituting ?? false;
  const endOwnSession = useEndOwnSession();
  const returnToOwnSpace = useReturnToOwnSpace();
  const formId = useId();
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const matches = typed === settings.name;
  const retention = t('spaceParameters:delete.retention', { days: SPACE_RETENTION_DAYS });

  const open = () => {
    setTyped('');
    setError(null);
    setOpen(true);
  };

  const remove = async () => {
    if (!matches || isDeleting) return;
    setDeleting(true);
    try {
      await deleteSpace(typed);
    } catch (failure) {
      setDeleting(false);
      if (isApiError(failure, 422)) setError(failure.violations[0]?.code ?? 'confirmation_invalid');
      else notifyError(failure);
      return;
    }
    notify({ title: t('spaceParameters:delete.done', { name: settings.name }) });
    await (isSubstituting ? returnToOwnSpace() : endOwnSession()).catch(() => {});
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="rounded-lg border border-red-200 bg-white shadow-xs">
      <header className="flex items-center gap-2 border-b border-red-200 px-4 py-3">
        <TriangleAlert size={18} aria-hidden className="text-red-700" />
        <h2 id={`${formId}-title`} className="text-[15px] font-semibold text-gray-900">
          {t('spaceParameters:delete.title')}
        </h2>
      </header>
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          {t('spaceParameters:delete.description')} {retention}
        </p>
        <Button variant="red" icon={<Trash2 size={16} aria-hidden />} onPress={open} className="shrink-0">
          {t('spaceParameters:delete.action')}
        </Button>
      </div>
      <Modal
        isOpen={isOpen}
        onOpenChange={(next) => {
          if (!isDeleting) setOpen(next);
        }}
        isDismissable={!isDeleting}
        role="alertdialog"
        title={t('spaceParameters:delete.confirmTitle', { name: settings.name })}
        footer={
          <>
            <Button variant="white" onPress={() => setOpen(false)} isDisabled={isDeleting}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="red" isDisabled={!matches} isLoading={isDeleting}>
              {t('spaceParameters:delete.confirm')}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          <p>
            {t(isSubstituting ? 'spaceParameters:delete.consequenceOther' : 'spaceParameters:delete.consequenceSelf', {
              name: settings.name,
            })}{' '}
            {retention}
          </p>
          <TextField
            label={t('spaceParameters:delete.typeName', { name: settings.name })}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setError(null);
            }}
            autoComplete="off"
            autoFocus
            isDisabled={isDeleting}
            error={error}
          />
        </form>
      </Modal>
    </section>
  );
}
