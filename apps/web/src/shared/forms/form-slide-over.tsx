/**
 * The slide-over of every form (SPEC §2.5 intervention panel, and the client, contact, site, contract, product,
 * equipment, space, report… panels): a {@link SlideOver} that guards unsaved changes. Escape, the close button, a
 * click on the backdrop or the footer's {@link FormCancelButton} close it at once when nothing was changed; with
 * changes (`isDirty`) they first ask, in a {@link ConfirmDialog}, whether to discard them, and the panel stays open
 * with everything typed unless the user confirms. Escape inside a picker (search picker, select, date picker) only
 * closes that picker: the pickers stop the key. While saving the panel cannot be closed.
 *
 * The panel's content (`children`) is mounted when it opens and unmounted when it closes, so a form component placed
 * there starts from its default values at each opening.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SlideOver, type SlideOverProps } from '../ui/slide-over';

export interface UnsavedChangesGuardOptions {
  /** The form has changes that are not saved: leaving it asks first. */
  isDirty: boolean;
  /** A save is under way: nothing leaves the form. */
  isSaving?: boolean;
}

export interface UnsavedChangesGuard {
  /**
   * Runs `leave` at once when the form has no changes, asks first when it has (and runs it only if the user
   * discards them), and does nothing while saving.
   */
  guard: (leave: () => void) => void;
  /** The "discard your changes?" dialog: render it once, beside the form's frame. */
  dialog: ReactNode;
}

/**
 * The one guard of unsaved changes of the forms (slide-overs and modals): a confirmation "Discard your changes?"
 * (`common:unsavedChanges.*`) before anything that would lose what was typed.
 */
export function useUnsavedChangesGuard({ isDirty, isSaving = false }: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const { t } = useTranslation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const state = useRef({ isDirty, isSaving });
  state.current = { isDirty, isSaving };
  const guard = useCallback((leave: () => void) => {
    if (state.current.isSaving) return;
    if (state.current.isDirty) setPending(() => leave);
    else leave();
  }, []);
  const dialog = (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      title={t('common:unsavedChanges.title')}
      message={t('common:unsavedChanges.message')}
      confirmLabel={t('common:unsavedChanges.discard')}
      cancelLabel={t('common:unsavedChanges.keep')}
      onConfirm={() => {
        const leave = pending;
        setPending(null);
        leave?.();
      }}
    />
  );
  return { guard, dialog };
}

interface FormCloseContextValue {
  /** Leaves the form through the guard: `leave` (default: close the panel) runs once changes may be lost. */
  requestClose: (leave?: () => void) => void;
  isSaving: boolean;
}

const FormCloseContext = createContext<FormCloseContextValue | null>(null);

/**
 * Inside a {@link FormSlideOver} (or a form modal that provides it): `requestClose()` closes the panel as Escape
 * would — asking first when the form has changes — and `requestClose(leave)` runs `leave` instead of closing (e.g.
 * back from an edit mode to reading). Throws outside such a frame.
 */
export function useFormClose(): FormCloseContextValue {
  const value = useContext(FormCloseContext);
  if (!value) throw new Error('useFormClose() is used outside a FormSlideOver');
  return value;
}

/** Provides {@link useFormClose} to a form frame other than {@link FormSlideOver} (the profile modals). */
export const FormCloseProvider = FormCloseContext.Provider;

export interface FormCancelButtonProps extends Omit<ButtonProps, 'onPress'> {
  /** What Cancel does once changes may be lost; by default the panel closes. */
  onCancel?: () => void;
}

/**
 * The Cancel button of a form's footer: goes through the same guard as Escape (asks "Discard your changes?" when
 * the form has changes), disabled while saving. Text: `common:actions.cancel` unless `children` is given.
 */
export function FormCancelButton({
  onCancel,
  children,
  isDisabled,
  variant = 'white',
  ...props
}: FormCancelButtonProps) {
  const { t } = useTranslation();
  const { requestClose, isSaving } = useFormClose();
  return (
    <Button {...props} variant={variant} onPress={() => requestClose(onCancel)} isDisabled={isDisabled || isSaving}>
      {children ?? t('common:actions.cancel')}
    </Button>
  );
}

export interface FormSlideOverProps extends SlideOverProps {
  /** The form has changes that are not saved (react-hook-form's `formState.isDirty`): closing asks first. */
  isDirty: boolean;
  /** A save is under way: the panel does not close (Escape, close button, backdrop, Cancel do nothing). */
  isSaving?: boolean;
}

/** A slide-over for a form, asking before it closes on unsaved changes (Escape, backdrop, close button, Cancel). */
export function FormSlideOver({
  isDirty,
  isSaving = false,
  isDismissable = true,
  onOpenChange,
  ...props
}: FormSlideOverProps) {
  const { guard, dialog } = useUnsavedChangesGuard({ isDirty, isSaving });
  const close = () => onOpenChange(false);
  const requestOpenChange = (open: boolean) => {
    if (open) onOpenChange(true);
    else guard(close);
  };
  const context: FormCloseContextValue = { requestClose: (leave) => guard(leave ?? close), isSaving };
  return (
    <FormCloseContext.Provider value={context}>
      <SlideOver {...props} onOpenChange={requestOpenChange} isDismissable={isDismissable && !isSaving} />
      {dialog}
    </FormCloseContext.Provider>
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
