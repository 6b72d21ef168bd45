/**
 * Account transfer (SPEC §2.7 "Space settings"): hands ownership of the space to another active member. The member
 * is picked among `transfer_candidates`; a confirmation dialog tells what follows — the owner becomes manager (PCO)
 * or user (dealer) and is signed out; under substitution, the substituting person stays. Empty state when the space
 * has no other active member. 422 `new_owner_invalid` shows under the picker.
 */

import type { SpaceParameters } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { UserRoundCog, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/auth/session';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { Select } from '../../../shared/ui/select';
import { spaceParametersKeys, transferOwnership } from '../api/space-parameters-api';
import { useEndOwnSession } from '../lib/use-leave-space';

/** The role the previous owner gets: manager in a PCO, user in a dealer space (contract `accountTransferInput`). */
const PREVIOUS_OWNER_ROLE = { pco: 'ROLE_PCO_SPACE_MANAGER', dealer: 'ROLE_DEALER_SPACE_USER' } as const;

/** The transfer card of the settings screen. */
export function TransferCard({ settings }: { settings: SpaceParameters }) {
  const { t } = useTranslation();
  const { actor } = useSession();
  const isSubstituting = actor?.isSubstituting ?? false;
  const queryClient = useQueryClient();
  const endOwnSession = useEndOwnSession();
  const [newOwner, setNewOwner] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [isTransferring, setTransferring] = useState(false);

  const candidates = settings.transfer_candidates;
  const chosen = candidates.find((c) => c.ulid === newOwner);
  const chosenName = chosen ? `${chosen.firstname} ${chosen.lastname}` : '';
  const role = t(`enums:role.${PREVIOUS_OWNER_ROLE[settings.type === 'dealer' ? 'dealer' : 'pco']}`);

  const transfer = async () => {
    if (!chosen) return;
    setTransferring(true);
    try {
      await transferOwnership(chosen.ulid);
    } catch (failure) {
      setTransferring(false);
      setConfirming(false);
      const invalid = isApiError(failure, 422) ? failure.violations.find((v) => v.propertyPath === 'new_owner') : null;
      if (invalid) setError(invalid.code);
      else notifyError(failure);
      return;
    }
    notify({
      title: t('spaceParameters:transfer.done', { name: chosenName }),
      content: isSubstituting ? undefined : t('spaceParameters:transfer.signInAgain'),
    });
    if (!isSubstituting) {
      await endOwnSession().catch(() => {});
      return;
    }
    setTransferring(false);
    setConfirming(false);
    setNewOwner('');
    await queryClient.invalidateQueries({ queryKey: spaceParametersKeys.settings() });
  };

  return (
    <Card title={t('spaceParameters:transfer.title')}>
      {candidates.length === 0 ? (
        <EmptyState icon={<Users size={24} />} message={t('spaceParameters:transfer.empty')} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{t('spaceParameters:transfer.description', { role })}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Select
              className="sm:min-w-80"
              label={t('spaceParameters:transfer.newOwner')}
              placeholder={t('spaceParameters:transfer.choose')}
              options={candidates.map((c) => ({ id: c.ulid, label: `${c.firstname} ${c.lastname} — ${c.email}` }))}
              value={newOwner}
              onChange={(id) => {
                setNewOwner(id);
                setError(null);
              }}
              error={error}
            />
            <Button
              variant="secondary"
              icon={<UserRoundCog size={16} aria-hidden />}
              isDisabled={!chosen}
              onPress={() => setConfirming(true)}
              className={error ? 'sm:mb-6' : undefined}
            >
              {t('spaceParameters:transfer.action')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!isTransferring) setConfirming(open);
        }}
        title={t('spaceParameters:transfer.confirmTitle', { name: chosenName })}
        message={
          <p>
            {t('spaceParameters:transfer.confirmLead', { name: chosenName, space: settings.name })}{' '}
            {t(isSubstituting ? 'spaceParameters:transfer.confirmOther' : 'spaceParameters:transfer.confirmSelf', {
              role,
            })}
          </p>
        }
        confirmLabel={t('spaceParameters:transfer.confirm')}
        onConfirm={() => void transfer()}
        isLoading={isTransferring}
      />
    </Card>
  );
}
