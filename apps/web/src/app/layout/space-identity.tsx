/** The current PCO or dealer logo (or initials) and name at the top of the sidebar (SPEC §2.3). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session';
import { initialsOf } from '../../shared/ui/space-logo';

/** Logo and name of the space acted in; 'Administration' in the admin space. */
export function SpaceIdentity() {
  const { t } = useTranslation();
  const { actor } = useSession();
  const [logoFailed, setLogoFailed] = useState(false);
  const space = actor?.space ?? null;
  const name = space?.name ?? t('layout:space.admin');
  const typeLabel = actor ? t(`enums:user_type.${actor.userType}`) : '';
  return (
    <div className="flex h-16 items-center gap-3 border-b border-gray-200 px-4">
      {space?.logo && !logoFailed ? (
        <img
          src={space.logo}
          alt=""
          onError={() => setLogoFailed(true)}
          className="size-10 shrink-0 rounded-lg border border-gray-200 bg-white object-contain"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-sm font-semibold text-white"
        >
          {initialsOf(name)}
        </span>
      )}
      <div className="min-w-0">
        {/* a long PCO name wraps to two lines, then ends with an ellipsis; the whole name is its title */}
        <p className="line-clamp-2 text-sm leading-tight font-semibold break-words text-gray-900" title={name}>
          {name}
        </p>
        <p className="truncate text-xs text-gray-600">
          {typeLabel}
          {actor?.isSubstituting ? ` · ${t('layout:space.substitution')}` : ''}
        </p>
      </div>
    </div>
  );
}
