/** Confirmation before deleting a visit, with the 'notify by e-mail' choice (`DELETE …?send_mail=`, SPEC §7). */
import type { Intervention } from '@isoptera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/lib/use-format';
import { Checkbox } from '../../../shared/ui/checkbox';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { useDeleteIntervention } from '../api/delete-intervention';

export interface DeleteInterventionDialogProps {
  /** The visit to delete; null when closed. */
  intervention: Intervention | null;
  onClose: () => void;
}

/** Asks, then deletes; a failure keeps the dialog open and shows the translated error. */
export function DeleteInterventionDialog({ intervention, onClose }: DeleteInterventionDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const remove = useDeleteIntervention();
  const [sendMail, setSendMail] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new visit to delete starts with the mail checked
  useEffect(() => setSendMail(true), [intervention?.ulid]);

  return (
    <ConfirmDialog
      isOpen={intervention !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t('planning:delete.title')}
      confirmLabel={t('planning:delete.confirm')}
      isLoading={remove.isPending}
      onConfirm={() => {
        if (!intervention || remove.isPending) return;
        remove.mutate(
          { ulid: intervention.ulid, sendMail },
          {
            onSuccess: () => {
              notify({ title: t('planning:delete.done') });
              onClose();
            },
            onError: (error) => notifyError(error),
          },
        );
      }}
      message={
        intervention ? (
          <div className="flex flex-col gap-4">
            <p>
              {t('planning:delete.message', {
                date: format.dateTime(intervention.start_at),
                place: `${intervention.site.client.name} — ${intervention.site.name}`,
              })}
            </p>
            <Checkbox isSelected={sendMail} onChange={setSendMail} isDisabled={remove.isPending}>
              {t('planning:delete.notify')}
            </Checkbox>
          </div>
        ) : null
      }
    />
  );
}
