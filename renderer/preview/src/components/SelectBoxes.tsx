import { useId, useState } from 'react';
import type { BlockProps } from '../registry';
import { list, text } from '../lib/content';
import { ignoreSubmit } from '../lib/forms';
import { linkHref } from '../lib/media';
import './SelectBoxes.css';

/**
 * A guided finder: a row of select boxes, each option naming a listing, and a Go button that (on the
 * storefront) opens the listing of the last choice made. In the preview Go goes nowhere.
 */
export default function SelectBoxes({ content }: BlockProps) {
  const id = useId();
  const title = text(content, 'title');
  const selects = list(content, 'selects');
  // The listing Go would open: the URL of the most recent choice.
  const [target, setTarget] = useState('');
  return (
    <div className="select-boxes">
      {title && <h2 className="select-boxes-title">{title}</h2>}
      <form className="select-boxes-form" onSubmit={ignoreSubmit} data-target={target || undefined}>
        {selects.map((select, index) => {
          const options = list(select, 'options');
          return (
            <div key={index} className="select-boxes-field">
              <label htmlFor={`${id}-${index}`}>{text(select, 'label')}</label>
              <select id={`${id}-${index}`} defaultValue="" onChange={(event) => setTarget(event.target.value)}>
                <option value="" disabled>
                  {text(select, 'placeholder') || 'Choose'}
                </option>
                {options.map((option, optionIndex) => (
                  <option key={optionIndex} value={linkHref(option, 'url')}>
                    {text(option, 'label')}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <button type="submit" className="select-boxes-go">
          {text(content, 'buttonText') || 'Go'}
        </button>
      </form>
    </div>
  );
}
