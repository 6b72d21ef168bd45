/** Radio group built on React Aria; options are `{id, label}`. */
import { RadioGroup as AriaRadioGroup, Radio } from 'react-aria-components';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel } from './field-parts';
import type { SelectOption } from './select';

export interface RadioGroupProps extends FieldBaseProps {
  options: readonly SelectOption[];
  value: string | null;
  onChange: (id: string) => void;
  orientation?: 'horizontal' | 'vertical';
  name?: string;
}

/** A labelled exclusive choice shown as radio buttons; emits the chosen id. */
export function RadioGroup({
  label,
  description,
  error,
  isRequired,
  isDisabled,
  className,
  options,
  value,
  onChange,
  orientation = 'vertical',
  name,
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      value={value ?? null}
      onChange={onChange}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      orientation={orientation}
      name={name}
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className={cn('flex gap-x-5 gap-y-2', orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap')}>
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className="group inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60"
          >
            <span
              aria-hidden
              className="flex size-4 items-center justify-center rounded-full border border-gray-400 bg-white group-data-[selected]:border-brand-700 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-600 group-data-[focus-visible]:ring-offset-1"
            >
              <span className="size-2 rounded-full bg-brand-700 opacity-0 group-data-[selected]:opacity-100" />
            </span>
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
    </AriaRadioGroup>
  );
}
