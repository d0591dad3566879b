import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFieldArray, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_FASCIA_STORES, type SettingsPatch } from '../../../../core/settings';
import { fasciaName } from '../../../../core/fascias';
import {
  FASCIA_CODE,
  MAX_FASCIA_CODE,
  MAX_STORE_ID,
  rowsOf,
  type SettingsField,
  type SettingsFormValues,
} from './settingsForm';
import { Tooltip } from '../ui/Tooltip';
import type { invalidFieldAttributes } from '../ui/FieldError';

/** An input's registration with its error wiring (aria-invalid, aria-describedby), from the settings form. */
export type FieldInputProps = (
  field: SettingsField,
) => UseFormRegisterReturn & ReturnType<typeof invalidFieldAttributes>;

/** The fascia-to-store map: one row per fascia, edited in place; new rows are checked before they join the form. */
export function FasciaSection({
  control,
  fieldInput,
  fieldError,
  idPrefix,
}: {
  control: Control<SettingsFormValues, unknown, SettingsPatch>;
  fieldInput: FieldInputProps;
  fieldError: (field: SettingsField) => ReactNode;
  idPrefix: string;
}) {
  const { fields: rows, append, remove, replace } = useFieldArray({ control, name: 'fasciaRows', keyName: 'key' });
  const [newFascia, setNewFascia] = useState('');
  const [newStore, setNewStore] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const newFasciaInput = useRef<HTMLInputElement>(null);
  const addId = `${idPrefix}-add`;

  const add = () => {
    const fascia = newFascia.trim().toLowerCase();
    const store = newStore.trim();
    let problem: string | null = null;
    if (fascia === '') problem = 'Enter a fascia code.';
    else if (fascia.length > MAX_FASCIA_CODE) problem = `A fascia code has at most ${MAX_FASCIA_CODE} characters.`;
    else if (!FASCIA_CODE.test(fascia)) problem = 'A fascia code has letters, digits, _ and - only (e.g. jd, app_jd).';
    else if (rows.some((row) => row.fascia === fascia))
      problem = `${fascia} is already in the map: edit its store above.`;
    else if (store === '') problem = 'A store id cannot be empty.';
    else if (store.length > MAX_STORE_ID) problem = `A store id has at most ${MAX_STORE_ID} characters.`;
    setAddError(problem);
    if (problem) return;
    append({ fascia, store }, { shouldFocus: false });
    setNewFascia('');
    setNewStore('');
    newFasciaInput.current?.focus();
  };

  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="settings-section">
      <legend>Fascia map</legend>
      <p className="hint">
        The mesh store each fascia code uses. A site code is looked up as given, then without its site_ prefix (site_jd
        uses jd), then without its app_ prefix.
      </p>
      {rows.length === 0 ? (
        <p className="empty">No fascia is mapped: mesh links and searches need a store. Add one below.</p>
      ) : (
        <table className="settings-fascias">
          <thead>
            <tr>
              <th scope="col">Fascia code</th>
              <th scope="col">Store id</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const field = `fasciaRows.${index}.store` as const;
              return (
                <tr key={row.key}>
                  {/* The brand as people say it, and the code the map is keyed by. */}
                  <th scope="row">
                    {fasciaName(row.fascia)} <code className="muted">{row.fascia}</code>
                  </th>
                  <td>
                    <input
                      aria-label={`Store for ${row.fascia}`}
                      spellCheck={false}
                      autoComplete="off"
                      {...fieldInput(field)}
                    />
                    {fieldError(field)}
                  </td>
                  <td>
                    <Tooltip content={`Remove ${row.fascia}`}>
                      <button
                        type="button"
                        className="settings-remove"
                        aria-label={`Remove ${row.fascia}`}
                        onClick={() => remove(index)}
                      >
                        Remove
                      </button>
                    </Tooltip>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="settings-add-row" role="group" aria-label="Add a fascia">
        <div className="field">
          <label htmlFor={`${addId}-fascia`}>New fascia code</label>
          <input
            ref={newFasciaInput}
            id={`${addId}-fascia`}
            value={newFascia}
            placeholder="e.g. app_fp"
            spellCheck={false}
            autoComplete="off"
            aria-describedby={addError ? `${addId}-error` : undefined}
            onChange={(e) => setNewFascia(e.target.value)}
            onKeyDown={addOnEnter}
          />
        </div>
        <div className="field">
          <label htmlFor={`${addId}-store`}>New store id</label>
          <input
            id={`${addId}-store`}
            value={newStore}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={addError ? `${addId}-error` : undefined}
            onChange={(e) => setNewStore(e.target.value)}
            onKeyDown={addOnEnter}
          />
        </div>
        <button type="button" onClick={add}>
          Add fascia
        </button>
        <button type="button" className="settings-defaults" onClick={() => replace(rowsOf(DEFAULT_FASCIA_STORES))}>
          Restore default map
        </button>
      </div>
      {addError && (
        <p id={`${addId}-error`} className="field-error" role="alert">
          {addError}
        </p>
      )}
    </fieldset>
  );
}
