/** A {@link TextField} bound to a react-hook-form field, for the forms that type the same wiring again and again. */
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

export interface FormTextFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> {
  control: Control<T>;
  name: FieldPath<T>;
}

/**
 * A text field whose value, change, blur, focus ref and error (a code, translated by the field) are those of field
 * `name` of the form `control`; every other prop goes to the {@link TextField}.
 */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
