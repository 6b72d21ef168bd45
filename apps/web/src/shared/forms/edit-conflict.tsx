/**
 * Optimistic concurrency in the forms (issue 16, docs/decisions/024): an edit sent with `If-Match` whose record was
 * changed by someone else since the form loaded it answers 412 `edit_conflict`. The form then keeps what the user
 * typed and shows {@link EditConflictNotice}: a translated explanation (`common:editConflict.*`) and an action that
 * loads the latest version — through the unsaved-changes guard, so typed values are discarded only after the user
 * confirms ("Discard your changes?").
 */
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { Button } from '../ui/button';
import { useUnsavedChangesGuard } from './form-slide-over';

/** `true` when `error` is the 412 `edit_conflict` of an edit made from a version that is no longer the record's. */
export function isEditConflict(error: unknown): boolean {
  return isApiError(error, 412);
}

export interface EditConflictNoticeProps {
  /** The form has typed values: loading the latest version asks before discarding them. */
  isDirty: boolean;
  /** Loads the record as it now is into the form (its values and its entity tag). */
  onReload: () => void | Promise<void>;
  isDisabled?: boolean;
}

/** The message of an edit conflict with its "Load the latest version" action (see the module's doc). */
export function EditConflictNotice({ isDirty, onReload, isDisabled }: EditConflictNoticeProps) {
  const { t } = useTranslation();
  const { guard, dialog } = useUnsavedChangesGuard({ isDirty });
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
      <p className="font-medium text-amber-900">{t('common:editConflict.title')}</p>
      <p className="text-amber-800">{t('common:editConflict.message')}</p>
      <div>
        <Button variant="white" size="sm" isDisabled={isDisabled} onPress={() => guard(() => void onReload())}>
          {t('common:editConflict.reload')}
        </Button>
      </div>
      {dialog}
    </div>
  );
}
