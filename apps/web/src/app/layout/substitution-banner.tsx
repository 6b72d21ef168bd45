/**
 * The substitution strip of the header (SPEC §1, §2.7, §4 "Substitution exit"): while an admin or a dealer acts in
 * another space it names that space and offers to leave it. Leaving asks for confirmation (title, subtitle, cancel,
 * action); the leave call is for a dealer or a PCO depending on the space; on success the current user is reloaded,
 * the app goes to BaseRoute and the page reloads.
 */
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { notifyError } from '../../shared/ui/notifications';
import { useLeaveSubstitution } from './space-switch';

/** The strip, or nothing when the user is not on substitution. */
export function SubstitutionBanner() {
  const { t } = useTranslation();
  const { actor } = useSession();
  const leave = useLeaveSubstitution();
  const [confirming, setConfirming] = useState(false);
  if (!actor?.isSubstituting || !actor.space) return null;
  const name = actor.space.name;
  const busy = leave.isPending || leave.isSuccess;
  return (
    <div
      role="status"
      className="flex shrink-0 items-center gap-3 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:px-4 lg:px-6"
    >
      <p className="min-w-0 flex-1 font-medium">{t('layout:substitution.actingIn', { name })}</p>
      <Button
        variant="white"
        onPress={() => setConfirming(true)}
        icon={<LogOut size={16} aria-hidden />}
        size="sm"
        className="shrink-0"
      >
        {t('layout:substitution.leave')}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => !busy && setConfirming(open)}
        title={t('layout:substitution.confirmTitle', { name })}
        message={t('layout:substitution.confirmMessage')}
        confirmLabel={t('layout:substitution.confirmAction')}
        confirmVariant="primary"
        isLoading={busy}
        onConfirm={() =>
          leave.mutate(undefined, {
            onError: (error) => {
              setConfirming(false);
              notifyError(error, t('layout:substitution.leaveFailed'));
            },
          })
        }
      />
    </div>
  );
}
