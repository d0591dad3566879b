/**
 * A form field's error: the message under the field, and the attributes that mark the field invalid and tie it
 * to that message, so a screen reader reads the message with the field. One id scheme for every form.
 */
function fieldErrorId(formId: string, field: string): string {
  return `${formId}-${field}-error`;
}

export function invalidFieldAttributes(formId: string, field: string, message: string | undefined) {
  return {
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': message ? fieldErrorId(formId, field) : undefined,
  };
}

export function FieldError({ formId, field, message }: { formId: string; field: string; message: string | undefined }) {
  return message ? (
    <p id={fieldErrorId(formId, field)} className="field-error">
      {message}
    </p>
  ) : null;
}
