/** Text input field built on React Aria (labels, description, translated inline error). */
import type { Ref } from 'react';
import { TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps, Input } from 'react-aria-components';
import { cn } from '../lib/cn';
import { FieldError } from './field-error';
import { type FieldBaseProps, FieldDescription, FieldLabel, inputClasses } from './field-parts';

export interface TextFieldProps
  extends FieldBaseProps,
    Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid' | 'isRequired' | 'isDisabled'> {
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled single-line text input; `error` is an error code. */
export function TextField({
  label,
  description,
  error,
  placeholder,
  className,
  inputRef,
  isRequired,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={!!error}
      validationBehavior="aria"
      className={cn('flex flex-col', className)}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input ref={inputRef} placeholder={placeholder} className={inputClasses} />
      <FieldDescription>{description}</FieldDescription>
      <FieldError code={error} />
    </AriaTextField>
  );
}
