import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** The first message of each invalid field. */
function firstErrorPerField<Values>(error: z.ZodError): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof Values | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Text fields checked against a schema on submit. An invalid submit shows each field's first
 * error and focuses the first invalid field; editing a field clears its error.
 */
export function useValidatedForm<Values extends Record<string, string>, Output>(
  schema: z.ZodType<Output, Values>,
  initialValues: Values,
  onValid: (data: Output) => void,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  function field(name: keyof Values & string) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      onValid(result.data);
      return;
    }
    const fieldErrors = firstErrorPerField<Values>(result.error);
    setErrors(fieldErrors);
    const firstInvalid = Array.from(event.currentTarget.elements).find(
      (element) => element instanceof HTMLInputElement && element.name in fieldErrors,
    );
    if (firstInvalid instanceof HTMLElement) firstInvalid.focus();
  }

  /** Back to the initial values, without errors (after a successful send). */
  function reset() {
    setValues(initialValues);
    setErrors({});
  }

  /** Shows a refusal of the server under the field it is about. */
  function showError(name: keyof Values & string, message: string) {
    setErrors((current) => ({ ...current, [name]: message }));
  }

  return { errors, field, handleSubmit, reset, showError };
}
