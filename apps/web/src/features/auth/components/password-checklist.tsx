/** The live checklist of the password rule (SPEC §5): each part ticked as soon as the typed password meets it. */
import { Check, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { PASSWORD_RULES, passwordRuleResults } from '../lib/password-rules';

/** The parts of the rule for `value`; `id` lets the password input point at it (`aria-describedby`). */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation();
  const results = passwordRuleResults(value);
  return (
    <div id={id} className="rounded-md bg-gray-50 px-3 py-2 text-[13px]">
      <p className="text-gray-700">{t('auth:password.rulesTitle')}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {PASSWORD_RULES.map((rule) => {
          const met = results[rule];
          const Icon = met ? Check : Circle;
          return (
            <li
              key={rule}
              data-met={met}
              className={cn('flex items-center gap-2', met ? 'text-brand-800' : 'text-gray-600')}
            >
              <Icon size={14} strokeWidth={met ? 3 : 2} aria-hidden className="shrink-0" />
              <span>
                {t(`auth:password.rules.${rule}`)}
                <span className="sr-only"> ({met ? t('auth:password.met') : t('auth:password.missing')})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
