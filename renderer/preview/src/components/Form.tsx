import { useId } from 'react';
import type { BlockProps } from '../registry';
import { choice, flag, list, text, type Content } from '../lib/content';
import { ignoreSubmit } from '../lib/forms';
import './Form.css';

/** The inputTypes option list; anything else renders as a text field. */
const INPUT_TYPES = ['text', 'email', 'tel', 'number', 'date', 'textarea', 'select', 'checkbox', 'radio'];

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel' };

/** Choices of a select or radio field: a list of {label, value}; the label stands in for a missing value. */
const optionsOf = (field: Content) =>
  list(field, 'options').map((option) => {
    const label = text(option, 'label') || text(option, 'value');
    return { label, value: text(option, 'value') || label };
  });

function Required({ required }: { required: boolean }) {
  return required ? (
    <span className="form-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function Field({ field, id }: { field: Content; id: string }) {
  const label = text(field, 'label');
  const name = text(field, 'name');
  const placeholder = text(field, 'placeholder');
  const required = flag(field, 'required');
  const chosen = choice(field, 'type', 'text');
  const type = INPUT_TYPES.includes(chosen) ? chosen : 'text';

  if (type === 'checkbox') {
    return (
      <div className="form-field form-field-wide form-field-checkbox">
        <input id={id} type="checkbox" name={name} required={required} />
        <label htmlFor={id}>
          {label}
          <Required required={required} />
        </label>
      </div>
    );
  }

  if (type === 'radio') {
    const options = optionsOf(field);
    return (
      <fieldset className="form-field form-field-wide form-field-radio">
        <legend>
          {label}
          <Required required={required} />
        </legend>
        {options.length === 0 && <p className="form-hint">No options yet.</p>}
        {options.map((option, index) => (
          <label key={index} className="form-radio-option">
            <input type="radio" name={name || id} value={option.value} required={required} />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }

  const control =
    type === 'textarea' ? (
      <textarea id={id} name={name} placeholder={placeholder} required={required} rows={5} />
    ) : type === 'select' ? (
      <select id={id} name={name} required={required} defaultValue="">
        <option value="" disabled>
          {placeholder || 'Choose…'}
        </option>
        {optionsOf(field).map((option, index) => (
          <option key={index} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        id={id}
        type={type}
        name={name}
        placeholder={placeholder}
        required={required}
        autoComplete={AUTOCOMPLETE[type]}
      />
    );

  return (
    <div className={type === 'textarea' ? 'form-field form-field-wide' : 'form-field'}>
      <label htmlFor={id}>
        {label}
        <Required required={required} />
      </label>
      {control}
    </div>
  );
}

/** A form built from its fields (typed by the inputTypes list), with a submit button that sends nothing here. */
export default function Form({ content }: BlockProps) {
  const id = useId();
  const title = text(content, 'title');
  const body = text(content, 'text');
  const fields = list(content, 'fields');
  const anyRequired = fields.some((field) => flag(field, 'required'));
  return (
    <div className="form">
      {title && <h2 className="form-title">{title}</h2>}
      {body && <p className="form-text">{body}</p>}
      <form className="form-body" onSubmit={ignoreSubmit} noValidate data-action={text(content, 'action') || undefined}>
        {fields.map((field, index) => (
          <Field key={index} field={field} id={`${id}-${index}`} />
        ))}
        <div className="form-field form-field-wide form-actions">
          <button type="submit" className="form-submit">
            {text(content, 'submitText') || 'Submit'}
          </button>
          {anyRequired && <p className="form-hint">* Required</p>}
        </div>
      </form>
    </div>
  );
}
