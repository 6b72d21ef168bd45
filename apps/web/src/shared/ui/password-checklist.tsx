/**
 * The live checklist of the password rule (SPEC §5) under a new-password field, shared by the password forms without
 * a session (renew password, activation) and the change-password modal of the profile. Each part is ticked as soon as
 * the typed password meets it, with an icon and a word for assistive technologies (never colour alone). Texts come
 * from `common:password.*` (the start group of catalogues, so they are there before any session).
 */
import { PASSWORD_MIN_LENGTH } from '@isoptera/contracts';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { passwordChecklist } from './password-rules';

export interface PasswordChecklistProps {
  /** The password typed so far. */
  value: string;
  /** Lets the password input point at the checklist (`aria-describedby`). */
  id?: string;
  /** The sentence above the parts; 'Your password must contain:' by default. */
  title?: string;
}

/** The parts of the rule for `value`, each marked met or missing (`data-met`). */
export function PasswordChecklist({ value, id, title }: PasswordChecklistProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className="@container rounded-md bg-gray-50 px-3 py-2 text-[13px]">
      <p className="text-gray-700">{title ?? t('common:password.rulesTitle')}</p>
      <ul className="mt-1 grid grid-cols-1 gap-x-4 gap-y-0.5 @md:grid-cols-2">
        {passwordChecklist(value).map(({ rule, met }) => {
          const Icon = met ? Check : Circle;
          return (
            <li
              key={rule}
              data-met={met ? 'true' : 'false'}
              className={cn('flex items-center gap-2', met ? 'text-brand-800' : 'text-gray-600')}
            >
              <Icon size={14} strokeWidth={met ? 3 : 2} aria-hidden className="shrink-0" />
              <span>
                {t(`common:password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}
                <span className="sr-only"> ({met ? t('common:password.met') : t('common:password.missing')})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
