/**
 * Reassigning a referent technician's sites (SPEC §6 "Changing a role may require reassigning sites the user was
 * responsible for", "A user who is the referent technician of several sites cannot be deleted or deactivated until
 * the sites are reassigned"). Lists the member's sites (`GET {users}/{ulid}/referent-sites`), each with a choice
 * among the other active technicians, managers and owners, plus 'assign every site to'; saves with
 * `PUT {users}/{ulid}/referent-sites {assignments}`, then `onReassigned` lets the caller repeat the pending action.
 */
import type { ReferentSite, SpaceUser } from '@isoptera/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { mapViolations } from '../../../shared/forms/violations';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { FormError } from '../../../shared/ui/field-error';
import { Modal } from '../../../shared/ui/modal';
import { Select } from '../../../shared/ui/select';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { saveReferentSites, useReferentSites } from '../api/referent-sites';
import { useReferentCandidates } from '../api/search-members';
import type { MemberAction } from '../lib/member-permissions';
import { displayName } from '../lib/user-display';
import type { UserPaths } from '../lib/user-paths';

export interface ReferentReassignDialogProps {
  paths: UserPaths;
  user: SpaceUser;
  /** The action waiting for the reassignment (its wording is shown). */
  action: MemberAction;
  /** The number of sites the server reported (shown until the list is loaded). */
  count: number;
  onCancel: () => void;
  /** Called once the sites are reassigned. */
  onReassigned: () => void;
}

const ROW_ERROR = /^assignments\.(\d+)\.(referent|site)$/;

/** The reassignment dialog; open while mounted. */
export function ReferentReassignDialog({
  paths,
  user,
  action,
  count,
  onCancel,
  onReassigned,
}: ReferentReassignDialogProps) {
  const { t, i18n } = useTranslation();
  const sites = useReferentSites(paths, user.ulid);
  const candidates = useReferentCandidates();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const name = displayName(user, i18n.language);
  const kind = action.kind === 'role' ? 'role' : action.kind === 'delete' ? 'delete' : 'disable';

  const options = useMemo(
    () =>
      (candidates.data?.list ?? [])
        .filter((member) => member.ulid !== user.ulid && (member.status ?? 'active') === 'active')
        .map((member) => ({ id: member.ulid, label: displayName(member, i18n.language) })),
    [candidates.data, user.ulid, i18n.language],
  );
  const list: ReferentSite[] = sites.data?.['hydra:member'] ?? [];
  const total = sites.data ? list.length : count;

  const choose = (siteUlid: string, referent: string) => {
    setChoices((current) => ({ ...current, [siteUlid]: referent }));
    setRowErrors((current) => ({ ...current, [siteUlid]: '' }));
  };
  const chooseAll = (referent: string) => {
    if (!referent) return;
    setChoices(Object.fromEntries(list.map((site) => [site.ulid, referent])));
    setRowErrors({});
  };
  const allSame = list.length > 0 && list.every((site) => choices[site.ulid] === choices[list[0]?.ulid ?? '']);

  const submit = async () => {
    setFormError(null);
    if (list.length === 0) {
      onReassigned();
      return;
    }
    const missing = Object.fromEntries(
      list.filter((site) => !choices[site.ulid]).map((site) => [site.ulid, 'referent_required']),
    );
    if (Object.keys(missing).length > 0) {
      setRowErrors(missing);
      return;
    }
    setSaving(true);
    try {
      await saveReferentSites(paths, user.ulid, {
        assignments: list.map((site) => ({ site: site.ulid, referent: choices[site.ulid] as string })),
      });
      onReassigned();
    } catch (error) {
      // a row's error goes under its site's picker, keyed by the site
      const mapped = mapViolations(error, (path) => list[Number(ROW_ERROR.exec(path)?.[1] ?? Number.NaN)]?.ulid);
      const errors: Record<string, string> = Object.fromEntries(mapped?.fields ?? []);
      const others = mapped?.other ?? [];
      setRowErrors(errors);
      if (Object.keys(errors).length === 0) {
        setFormError(others.length > 0 ? translateErrorCode(others[0] as string) : errorMessage(error));
      }
      // the list may have changed meanwhile (another owner reassigned a site): reload it
      if (isApiError(error, 422) && others.includes('referent_sites_required')) void sites.refetch();
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (sites.isPending || candidates.isPending) {
    body = <SkeletonLines lines={4} className="py-2" />;
  } else if (sites.isError || candidates.isError) {
    const failed = sites.isError ? sites : candidates;
    body = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} isRetrying={failed.isFetching} />;
  } else if (list.length === 0) {
    body = <p className="text-gray-700">{t('users:reassign.nothingLeft')}</p>;
  } else if (options.length === 0) {
    body = <FormError message={t('users:reassign.noCandidate')} />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {list.length > 1 ? (
          <Select
            label={t('users:reassign.assignAll')}
            value={allSame ? (choices[list[0]?.ulid ?? ''] ?? '') : ''}
            onChange={chooseAll}
            options={options}
            placeholder={t('users:reassign.choose')}
            isDisabled={isSaving}
          />
        ) : null}
        <ul
          aria-label={t('users:reassign.sitesLabel', { count: list.length })}
          className="flex max-h-[45dvh] flex-col gap-3 overflow-y-auto rounded-md border border-gray-200 bg-gray-50 p-3"
        >
          {list.map((site) => (
            <li key={site.ulid}>
              <Select
                label={site.name}
                description={site.client.name}
                value={choices[site.ulid] ?? ''}
                onChange={(referent) => choose(site.ulid, referent)}
                options={options}
                placeholder={t('users:reassign.choose')}
                error={rowErrors[site.ulid] || null}
                isRequired
                isDisabled={isSaving}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open && !isSaving) onCancel();
      }}
      isDismissable={!isSaving}
      title={t('users:reassign.title', { name })}
      footer={
        <>
          <Button variant="white" onPress={onCancel} isDisabled={isSaving}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            onPress={() => void submit()}
            isLoading={isSaving}
            isDisabled={!sites.data || (list.length > 0 && options.length === 0)}
          >
            {t(`users:reassign.submit.${kind}`)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p>{t(`users:reassign.intro.${kind}`, { name, count: total })}</p>
        {formError ? <FormError message={formError} /> : null}
        {body}
      </div>
    </Modal>
  );
}
