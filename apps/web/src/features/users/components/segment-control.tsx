/** The segments of the users list (SPEC §2.7 Users: activated, invited, disabled, plus all), a single-choice toggle group. */
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/lib/cn';
import { USER_SEGMENTS, type UserSegment } from '../lib/user-list-params';

export interface SegmentControlProps {
  value: UserSegment;
  onChange: (segment: UserSegment) => void;
}

/** 'All', 'Active', 'Invited', 'Disabled'. */
export function SegmentControl({ value, onChange }: SegmentControlProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <span id="users-segments-label" className="mb-1 block text-[13px] font-medium text-gray-800">
        {t('users:segments.label')}
      </span>
      <ToggleButtonGroup
        aria-labelledby="users-segments-label"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[value]}
        onSelectionChange={(keys) => {
          const [key] = [...keys];
          if (key) onChange(key as UserSegment);
        }}
        className="inline-flex w-full overflow-x-auto rounded-md border border-gray-300 bg-white p-0.5 shadow-xs sm:w-auto"
      >
        {USER_SEGMENTS.map((segment) => (
          <ToggleButton
            key={segment}
            id={segment}
            className={({ isSelected }) =>
              cn(
                'inline-flex h-8 flex-1 items-center justify-center rounded px-3 text-[13px] font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:flex-none',
                isSelected ? 'bg-brand-700 text-white' : 'text-gray-700 hover:bg-gray-100',
              )
            }
          >
            {t(`users:segments.${segment}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
