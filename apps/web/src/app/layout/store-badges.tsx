/** The two app-store mentions as text badges (SPEC §1 "Legal lines credit the two mobile app stores", §2.3). */
import { Apple, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../../shared/lib/app-links';
import { cn } from '../../shared/lib/cn';

function StoreBadge({
  href,
  icon,
  line1,
  line2,
  size,
}: {
  href?: string;
  icon: React.ReactNode;
  line1: string;
  line2: string;
  size: 'sm' | 'md';
}) {
  const body = (
    <>
      <span aria-hidden>{icon}</span>
      <span className="flex flex-col text-left leading-tight">
        <span className={size === 'sm' ? 'text-[10px]' : 'text-[11px]'}>{line1}</span>
        <span className={cn('font-semibold', size === 'sm' ? 'text-[13px]' : 'text-base')}>{line2}</span>
      </span>
    </>
  );
  const classes = cn(
    'inline-flex items-center gap-2 rounded-lg bg-gray-900 text-white',
    size === 'sm' ? 'px-2.5 py-1' : 'px-4 py-2',
    href &&
      'outline-none hover:bg-gray-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
  );
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" className={classes}>
      {body}
    </a>
  ) : (
    <span className={classes}>{body}</span>
  );
}

/** "Download on the App Store" and "Get it on Google Play"; links when `linked`. */
export function StoreBadges({ linked = false, size = 'sm' }: { linked?: boolean; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const iconSize = size === 'sm' ? 16 : 22;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StoreBadge
        href={linked ? APP_STORE_URL : undefined}
        icon={<Apple size={iconSize} />}
        line1={t('layout:stores.appStoreLine')}
        line2={t('layout:stores.appStoreName')}
        size={size}
      />
      <StoreBadge
        href={linked ? GOOGLE_PLAY_URL : undefined}
        icon={<Play size={iconSize} />}
        line1={t('layout:stores.googlePlayLine')}
        line2={t('layout:stores.googlePlayName')}
        size={size}
      />
    </div>
  );
}
