/** Number field built on React Aria: locale-aware parsing and formatting, optional unit (e.g. m²). */
import { Minus, Plus } from 'lucide-react';
import {
  Button as AriaButton,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Group,
  Input,
} from 'react-aria-components';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel } from './field-parts';

export interface NumberFieldProps
  extends FieldBaseProps,
    Omit<AriaNumberFieldProps, 'className' | 'children' | 'isInvalid' | 'isRequired' | 'isDisabled'> {
  /** A unit shown after the value, e.g. 'm²'. */
  unit?: string;
  /** Shows − and + buttons. */
  showSteppers?: boolean;
}

const stepper =
  'flex w-8 items-center justify-center text-gray-600 outline-none hover:bg-gray-100 disabled:opacity-40 focus-visible:bg-gray-100';

/** A labelled numeric input; `error` is an error code. */
export function NumberField({
  label,
  description,
  error,
  unit,
  showSteppers = false,
  className,
  isRequired,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      isRequired={isRequired}
      isInvalid={!!error}
      validationBehavior="aria"
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className="flex overflow-hidden rounded-md border border-gray-300 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 data-[invalid]:border-red-600">
        {showSteppers ? (
          <AriaButton slot="decrement" className={cn(stepper, 'border-r border-gray-300')}>
            <Minus size={14} aria-hidden />
          </AriaButton>
        ) : null}
        <Input className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm text-gray-900 outline-none" />
        {unit ? <span className="flex items-center pr-3 text-sm text-gray-600">{unit}</span> : null}
        {showSteppers ? (
          <AriaButton slot="increment" className={cn(stepper, 'border-l border-gray-300')}>
            <Plus size={14} aria-hidden />
          </AriaButton>
        ) : null}
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
    </AriaNumberField>
  );
}
