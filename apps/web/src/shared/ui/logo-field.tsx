/**
 * The logo of a dealer or PCO space in a form (SPEC §5 "PCO or dealer space"; SPEC §2.7 "Space settings"): the
 * chosen file checked here (JPEG/PNG/WebP ≤ 5 MB, `logoFileError`; the server checks the content again) and
 * previewed, or the current logo, or the space's initials; a file button, a hint and the translated error.
 */
import { ImageUp } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../api/error-message';
import { LOGO_TYPES, logoFileError } from '../lib/logo-file';
import { SpaceLogo } from './space-logo';

/** The logo chosen in a form: the file, its preview URL and the error code shown under the field. */
export interface LogoChoice {
  file: File | null;
  /** Object URL of the chosen file while it is chosen, else null. */
  preview: string | null;
  /** `logo_invalid`, `logo_too_large`, `logo_required` or a server code; null when none. */
  error: string | null;
  /** Checks and keeps `file` (a refused file is dropped and its error shown). */
  choose: (file: File | undefined) => void;
  setError: (code: string | null) => void;
  /** Forgets the chosen file and the error. */
  reset: () => void;
}

/** State of a logo field: the chosen file (checked by type and size) and its preview object URL, revoked when done. */
export function useLogoChoice(): LogoChoice {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = useCallback((chosen: File | undefined) => {
    if (!chosen) return;
    const problem = logoFileError(chosen);
    setError(problem);
    setFile(problem ? null : chosen);
  }, []);
  const reset = useCallback(() => {
    setFile(null);
    setError(null);
  }, []);

  return { file, preview, error, choose, setError, reset };
}

export interface LogoFieldProps {
  choice: LogoChoice;
  /** URL of the current logo, shown until a file is chosen. */
  current: string | null;
  /** The space's name: its initials stand in for a missing logo. */
  name: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}

/** The labelled logo field: preview, 'Choose/Replace the logo' file button, hint and error. */
export function LogoField({ choice, current, name, isRequired = false, isDisabled = false }: LogoFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const shown = choice.preview ?? current;
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-gray-900">
        {t('fields:logo.label')}
        {isRequired ? (
          <span aria-hidden className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </span>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={t('fields:logo.preview')}
            className="size-20 rounded-md border border-gray-200 bg-white object-contain"
          />
        ) : (
          <SpaceLogo name={name || '?'} src={null} size="lg" />
        )}
        <div className="flex flex-col gap-1">
          <label
            htmlFor={inputId}
            className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-xs hover:bg-gray-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <ImageUp size={16} aria-hidden />
            {shown ? t('fields:logo.replace') : t('fields:logo.choose')}
            <input
              id={inputId}
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="sr-only"
              aria-label={t('fields:logo.label')}
              aria-invalid={choice.error ? true : undefined}
              aria-describedby={`${inputId}-hint`}
              disabled={isDisabled}
              onChange={(event) => {
                choice.choose(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </label>
          <p id={`${inputId}-hint`} className="text-[13px] text-gray-600">
            {choice.file ? choice.file.name : t('fields:logo.hint')}
          </p>
          {choice.error ? (
            <p role="alert" className="text-[13px] text-red-700">
              {choice.error === 'logo_too_large' ? t('fields:logo.tooLarge') : translateErrorCode(choice.error)}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
