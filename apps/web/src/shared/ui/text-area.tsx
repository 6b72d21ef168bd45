/** Multi-line text field built on React Aria. */
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel, inputClasses } from './field-parts';

export interface TextAreaProps
  extends FieldBaseProps,
    Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid' | 'isRequired' | 'isDisabled'> {
  placeholder?: string;
  rows?: number;
}

/** A labelled textarea; `error` is an error code. */
export function TextArea({
  label,
  description,
  error,
  placeholder,
  rows = 4,
  className,
  isRequired,
  ...props
}: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={!!error}
      validationBehavior="aria"
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <AriaTextArea rows={rows} placeholder={placeholder} className={cn(inputClasses, 'resize-y')} />
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
    </AriaTextField>
  );
}
