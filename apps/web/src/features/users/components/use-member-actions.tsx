/**
 * Running an action on a member, shared by the list and the edit screen (SPEC §2.7 Users, §4 "User lifecycle", §6):
 * - sending a sign-in link, disable, re-enable, delete and cancel-invitation ask for confirmation first (ConfirmDialog; re-enabling and
 *   the sign-in link with a primary button, the others red); resend and role change run at once;
 * - when the member is still the referent of sites (role change: 200 `{nb_referent_site}`; disable or delete: 409
 *   `user_is_referent`), the reassignment dialog opens; once the sites are handed over, the same action is repeated
 *   automatically;
 * - success: a notification, the lists (and the member) reloaded, then `onDone`; failure: an error notification
 *   (deleting a member who took part in visits, 409 `user_has_interventions`, offers to disable them instead).
 * Returns `request(action, user)` and the dialogs to render.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notify, notifyError } from '../../../shared/ui/notifications';
import {
  cancelInvite,
  changeRole,
  deleteUser,
  disableUser,
  enableUser,
  resendInvite,
  sendSignInLink,
} from '../api/member-actions';
import { userKeys } from '../api/user-keys';
import type { MemberAction } from '../lib/member-permissions';
import { displayName } from '../lib/user-display';
import type { UserPaths } from '../lib/user-paths';
import { ReferentReassignDialog } from './referent-reassign-dialog';

interface Pending {
  action: MemberAction;
  user: SpaceUser;
}

/** The actions that ask for confirmation first: every one but resend and role change. */
const CONFIRMED = new Set<MemberAction['kind']>(['easyConnect', 'disable', 'enable', 'delete', 'cancelInvite']);
/** The confirmed actions that undo nothing: a primary confirm button rather than a red one. */
const HARMLESS = new Set<MemberAction['kind']>(['easyConnect', 'enable']);

/** Runs the call of `action`; resolves with the number of sites to reassign first (0: done). */
async function perform(paths: UserPaths, { action, user }: Pending): Promise<number> {
  switch (action.kind) {
    case 'role':
      return changeRole(paths, user, action.role);
    case 'disable':
      await disableUser(paths, user.ulid);
      return 0;
    case 'enable':
      await enableUser(paths, user.ulid);
      return 0;
    case 'delete':
      await deleteUser(paths, user.ulid);
      return 0;
    case 'resend':
      await resendInvite(paths, user.ulid);
      return 0;
    case 'cancelInvite':
      await cancelInvite(paths, user.ulid);
      return 0;
    case 'easyConnect':
      await sendSignInLink(paths, user.ulid);
      return 0;
  }
}

/** The number of sites of a 409 `user_is_referent` answer, or null for any other error. */
function referentConflict(error: unknown): number | null {
  if (!isApiError(error, 409) || error.code !== 'user_is_referent') return null;
  const body = error.body as { nb_referent_site?: unknown } | undefined;
  return typeof body?.nb_referent_site === 'number' ? body.nb_referent_site : 0;
}

export interface UseMemberActionsOptions {
  paths: UserPaths;
  /** After a successful action (e.g. leave the edit screen after a deletion). */
  onDone?: (action: MemberAction, user: SpaceUser) => void;
}

export interface MemberActions {
  /** Starts `action` on `user` (confirmation first, except for resend and role change). */
  request: (action: MemberAction, user: SpaceUser) => void;
  /** The action being sent, if any. */
  running: Pending | null;
  /** The confirmation and reassignment dialogs; render once. */
  dialogs: ReactNode;
}

/** The actions on members with their confirmations and the referent reassignment. */
export function useMemberActions({ paths, onDone }: UseMemberActionsOptions): MemberActions {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [reassigning, setReassigning] = useState<(Pending & { count: number }) | null>(null);
  const [running, setRunning] = useState<Pending | null>(null);
  const busy = useRef(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const requestRef = useRef<(action: MemberAction, user: SpaceUser) => void>(() => {});

  const succeeded = useCallback(
    async ({ action, user }: Pending) => {
      const name = displayName(user, i18n.language);
      const values =
        action.kind === 'role' ? { name, role: t(`enums:role.${action.role}`) } : { name, email: user.email };
      notify({ title: t(`users:notifications.${action.kind}`, values) });
      // a removed member's page is left alone: reloading it would answer 404 (and open the Error screen) while the
      // edit screen goes back to the list
      if (action.kind !== 'delete' && action.kind !== 'cancelInvite') {
        await queryClient.invalidateQueries({ queryKey: userKeys.detail(paths.type, user.ulid) });
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
      onDoneRef.current?.(action, user);
    },
    [i18n.language, paths.type, queryClient, t],
  );

  const run = useCallback(
    async (pending: Pending) => {
      if (busy.current) return; // a second press while sending is ignored
      busy.current = true;
      setRunning(pending);
      try {
        const sites = await perform(paths, pending);
        setConfirming(null);
        if (sites > 0) setReassigning({ ...pending, count: sites });
        else await succeeded(pending);
      } catch (error) {
        setConfirming(null);
        const sites = referentConflict(error);
        if (sites !== null) setReassigning({ ...pending, count: sites });
        else if (
          isApiError(error, 409) &&
          error.code === 'user_has_interventions' &&
          pending.user.status === 'active'
        ) {
          // a member who took part in visits is kept for the history: offer to disable them instead
          notify({
            title: t('errors:title'),
            content: errorMessage(error),
            error: true,
            primaryAction: {
              name: t('users:actions.disable'),
              onPress: () => requestRef.current({ kind: 'disable' }, pending.user),
            },
          });
        } else notifyError(error);
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [paths, succeeded, t],
  );

  const request = useCallback(
    (action: MemberAction, user: SpaceUser) => {
      if (CONFIRMED.has(action.kind)) setConfirming({ action, user });
      else void run({ action, user });
    },
    [run],
  );
  requestRef.current = request;

  const confirmName = confirming ? displayName(confirming.user, i18n.language) : '';
  const confirmKind = confirming?.action.kind ?? 'disable';
  const dialogs = (
    <>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !running) setConfirming(null);
        }}
        title={t(`users:confirm.${confirmKind}.title`, { name: confirmName, email: confirming?.user.email })}
        message={t(`users:confirm.${confirmKind}.message`, { name: confirmName, email: confirming?.user.email })}
        confirmLabel={t(`users:confirm.${confirmKind}.action`)}
        cancelLabel={confirmKind === 'cancelInvite' ? t('users:confirm.cancelInvite.keep') : undefined}
        confirmVariant={HARMLESS.has(confirmKind) ? 'primary' : 'red'}
        onConfirm={() => {
          if (confirming) void run(confirming);
        }}
        isLoading={running !== null}
      />
      {reassigning ? (
        <ReferentReassignDialog
          key={reassigning.user.ulid}
          paths={paths}
          user={reassigning.user}
          action={reassigning.action}
          count={reassigning.count}
          onCancel={() => setReassigning(null)}
          onReassigned={() => {
            const pending = { action: reassigning.action, user: reassigning.user };
            setReassigning(null);
            notify({ title: t('users:notifications.reassigned', { name: displayName(pending.user, i18n.language) }) });
            void run(pending);
          }}
        />
      ) : null}
    </>
  );

  return { request, running, dialogs };
}
