/**
 * The photo of a member (SPEC §2.7 Users "edit … avatar"): choose a JPEG, PNG or WebP image of at most 5 MB (checked
 * here, then by content on the server), see it in place of the current avatar, then save it with
 * `POST {users}/{ulid}/avatar` or cancel. `avatar_invalid` / `avatar_too_large` show under the field.
 */
import type { SpaceUser } from '@isoptera/contracts';
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { errorMessage, translateErrorCode } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/notifications';
import { useUploadAvatar } from '../api/upload-avatar';
import { AVATAR_TYPES, checkAvatarFile } from '../lib/avatar-file';
import type { UserPaths } from '../lib/user-paths';
import { UserAvatar } from './user-avatar';

/** The translated message of a failed upload: its avatar code when there is one (413: the file is too large). */
function uploadError(error: unknown): string {
  if (isApiError(error, 413)) return translateErrorCode('avatar_too_large');
  if (isApiError(error)) {
    const code = [error.code, ...error.violations.map((v) => v.code)].find((c) => c?.startsWith('avatar_'));
    if (code) return translateErrorCode(code);
  }
  return errorMessage(error);
}

export interface AvatarUploadProps {
  paths: UserPaths;
  user: SpaceUser;
  isDisabled?: boolean;
}

/** The avatar with 'Choose a photo', then 'Save the photo' / 'Cancel'. */
export function AvatarUpload({ paths, user, isDisabled = false }: AvatarUploadProps) {
  const { t } = useTranslation();
  const upload = useUploadAvatar(paths, user.ulid);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  // the preview URL lives as long as the chosen file
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    setError(problem ? translateErrorCode(problem) : null);
    setFile(problem ? null : chosen);
  };

  const save = async () => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notify({ title: t('users:notifications.avatar') });
    } catch (failure) {
      setError(uploadError(failure));
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <UserAvatar user={user} src={preview} size="lg" />
      <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
        <p id={hintId} className="text-[13px] text-gray-600">
          {t('users:edit.avatarHint')}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {file ? (
            <>
              <Button onPress={() => void save()} isLoading={upload.isPending} size="sm">
                {t('users:edit.avatarSave')}
              </Button>
              <Button variant="white" size="sm" onPress={() => setFile(null)} isDisabled={upload.isPending}>
                {t('common:actions.cancel')}
              </Button>
            </>
          ) : (
            <FileTrigger acceptedFileTypes={[...AVATAR_TYPES]} onSelect={choose}>
              <Button
                variant="white"
                size="sm"
                icon={<ImageUp size={16} aria-hidden />}
                isDisabled={isDisabled}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              >
                {t('users:edit.avatarChoose')}
              </Button>
            </FileTrigger>
          )}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-[13px] text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
