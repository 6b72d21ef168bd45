/**
 * The slide-over of every form (SPEC §2.5 intervention panel, and the client, contact, site, contract, product,
 * equipment, space… panels): a {@link SlideOver} that guards unsaved changes. Escape, the close button or a click on
 * the backdrop close it at once when nothing was changed; with changes (`isDirty`) they first ask, in a
 * {@link ConfirmDialog}, whether to discard them, and the panel stays open with everything typed unless the user
 * confirms. Escape inside a picker (search picker, select, date picker) only closes that picker: the pickers stop
 * the key. While saving the panel cannot be closed.
 *
 * The panel's content (`children`) is mounted when it opens and unmounted when it closes, so a form component placed
 * there starts from its default values at each opening.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SlideOver, type SlideOverProps } from '../ui/slide-over';

export interface FormSlideOverProps extends SlideOverProps {
  /** The form has changes that are not saved (react-hook-form's `formState.isDirty`): closing asks first. */
  isDirty: boolean;
  /** A save is under way: the panel does not close (Escape, close button, backdrop do nothing). */
  isSaving?: boolean;
}

/** A slide-over for a form, asking before it closes on unsaved changes. */
export function FormSlideOver({
  isDirty,
  isSaving = false,
  isDismissable = true,
  onOpenChange,
  ...props
}: FormSlideOverProps) {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  const requestOpenChange = (open: boolean) => {
    if (open) onOpenChange(true);
    else if (isSaving) return;
    else if (isDirty) setAsking(true);
    else onOpenChange(false);
  };
  return (
    <>
      <SlideOver {...props} onOpenChange={requestOpenChange} isDismissable={isDismissable && !isSaving} />
      <ConfirmDialog
        isOpen={isAsking}
        onOpenChange={setAsking}
        title={t('common:unsavedChanges.title')}
        message={t('common:unsavedChanges.message')}
        confirmLabel={t('common:unsavedChanges.discard')}
        cancelLabel={t('common:unsavedChanges.keep')}
        onConfirm={() => {
          setAsking(false);
          onOpenChange(false);
        }}
      />
    </>
  );
}

/**
 * For a form rendered inside a {@link FormSlideOver} by another component: tells `onDirtyChange` whether the form has
 * unsaved changes (pass react-hook-form's `formState.isDirty`), and that it has none once it unmounts.
 */
export function useDirtyReport(isDirty: boolean, onDirtyChange: ((isDirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
