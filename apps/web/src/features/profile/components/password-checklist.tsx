/** The live checklist of the password rule (SPEC §5) under a new-password field: each part met or still missing. */
import { PASSWORD_MIN_LENGTH } from '@isoptera/contracts';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { passwordChecklist } from '../lib/password-rules';

/** The parts of the rule for `value`, each with an icon and a word for assistive technologies (never colour alone). */
export function PasswordChecklist({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="rounded-md bg-gray-50 px-3 py-2 text-[13px]">
      <p className="font-medium text-gray-800">{t('profile:passwordModal.rulesTitle')}</p>
      <ul className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {passwordChecklist(value).map(({ rule, met }) => (
          <li
            key={rule}
            data-met={met ? 'true' : 'false'}
            className={cn('flex items-center gap-1.5', met ? 'text-brand-800' : 'text-gray-600')}
          >
            {met ? (
              <Check size={14} aria-hidden className="shrink-0" />
            ) : (
              <Circle size={14} aria-hidden className="shrink-0" />
            )}
            <span>{t(`profile:passwordModal.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}</span>
            <span className="sr-only">
              {met ? t('profile:passwordModal.ruleMet') : t('profile:passwordModal.ruleMissing')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
