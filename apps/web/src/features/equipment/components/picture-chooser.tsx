/**
 * The installation pictures of the equipment form (SPEC §3 "Equipment"): the pictures already stored (edit), then the
 * files chosen now, each previewed with a remove button. Files are checked here (JPEG, PNG or WebP, ≤ 10 MB) and sent
 * once the equipment is saved (`POST /api/equipment/{ulid}/pictures`); the server checks their content again.
 */
import { EQUIPMENT_PICTURE_MAX_BYTES } from '@isoptera/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/button';

/** The accepted MIME types. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** `true` when the file may be sent (declared type and size; the server checks the content). */
export function isAcceptablePicture(file: Pick<File, 'type' | 'size'>): boolean {
  return (PICTURE_TYPES as readonly string[]).includes(file.type) && file.size <= EQUIPMENT_PICTURE_MAX_BYTES;
}

export interface PictureChooserProps {
  /** The pictures already stored (edit). */
  stored?: readonly { ulid: string; url: string }[];
  files: readonly File[];
  onChange: (files: File[]) => void;
  isDisabled?: boolean;
}

/** Object URLs of the chosen files, revoked when the files change or the chooser goes away. */
function usePreviews(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const created = files.map((file) => URL.createObjectURL(file));
    setUrls(created);
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** The pictures part of the form. */
export function PictureChooser({ stored = [], files, onChange, isDisabled = false }: PictureChooserProps) {
  const { t } = useTranslation();
  const previews = usePreviews(files);
  const [rejected, setRejected] = useState<string[]>([]);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const accepted = chosen.filter(isAcceptablePicture);
    setRejected(chosen.filter((file) => !isAcceptablePicture(file)).map((file) => file.name));
    if (accepted.length) onChange([...files, ...accepted]);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of thumbnails and buttons, not a form fieldset of inputs
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-[13px] font-medium text-gray-800">
        {t('equipment:form.pictures')}
      </span>
      {stored.length + files.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {stored.map((picture, index) => (
            <li key={picture.ulid}>
              <img
                src={picture.url}
                alt={t('equipment:form.storedPicture', { index: index + 1 })}
                className="aspect-square w-full rounded-md border border-gray-200 bg-gray-100 object-cover"
              />
            </li>
          ))}
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className="relative">
              {previews[index] ? (
                <img
                  src={previews[index]}
                  alt={file.name}
                  className="aspect-square w-full rounded-md border border-brand-200 bg-gray-100 object-cover"
                />
              ) : (
                <span className="block aspect-square w-full rounded-md bg-gray-100" />
              )}
              <button
                type="button"
                disabled={isDisabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                aria-label={t('equipment:form.removePicture', { name: file.name })}
                className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow outline-none hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <FileTrigger acceptedFileTypes={[...PICTURE_TYPES]} allowsMultiple onSelect={choose}>
          <Button
            variant="white"
            size="sm"
            icon={<ImagePlus size={16} aria-hidden />}
            isDisabled={isDisabled}
            aria-describedby={rejected.length ? `${hintId} ${errorId}` : hintId}
          >
            {t('equipment:form.addPictures')}
          </Button>
        </FileTrigger>
      </div>
      <p id={hintId} className="text-[13px] text-gray-600">
        {t('equipment:form.picturesHint')}
      </p>
      {rejected.length ? (
        <p id={errorId} role="alert" className="text-[13px] text-red-700">
          {`${translateErrorCode('picture_invalid')} (${rejected.join(', ')})`}
        </p>
      ) : null}
    </div>
  );
}
