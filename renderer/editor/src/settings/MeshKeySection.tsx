import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Settings } from '../../../../core/settings';
import { call, errorMessage } from '../api';
import { toast } from '../state/toasts';
import { MAX_KEY } from './settingsForm';

const keyStatus = (key: Settings['meshApiKey']): string =>
  key.set ? `Set (${key.hint ?? '…'})${key.persists ? '' : ', for this session only'}` : 'Not set';

/** Where safeStorage cannot encrypt (and in the browser host) the key lives in memory until the app closes. */
const SESSION_ONLY_KEY =
  "The system's secure storage is unavailable, so the key is kept for this session only: enter it again after restarting the app.";

/**
 * The key has its own buttons, outside the settings form's save: main keeps it (safeStorage) and only ever
 * answers whether one is set and its last four characters.
 */
export function MeshKeySection({
  current,
  onChanged,
}: {
  current: Settings['meshApiKey'];
  onChanged: (key: Settings['meshApiKey']) => void;
}) {
  const id = useId();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (value: string | null) => {
    setError(null);
    if (value !== null) {
      if (value.trim() === '') {
        setError('Enter the key first.');
        input.current?.focus();
        return;
      }
      if (value.trim().length > MAX_KEY) {
        setError(`A key has at most ${MAX_KEY} characters.`);
        return;
      }
    }
    setBusy(true);
    try {
      const settings = await call('updateSettings', { meshApiKey: value === null ? null : value.trim() });
      // The key is gone from the renderer as soon as main has it.
      setKey('');
      onChanged(settings.meshApiKey);
      toast(
        value === null
          ? 'Mesh api key forgotten.'
          : settings.meshApiKey.persists
            ? 'Mesh api key saved.'
            : SESSION_ONLY_KEY,
      );
    } catch (failure) {
      // The server's message is about the key's shape, never the key itself; keep the typed key for a retry.
      setError(`${value === null ? 'The key was not forgotten' : 'The key was not saved'}: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter saves the key, not the whole settings form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      void send(key);
    }
  };

  return (
    <fieldset className="settings-section">
      <legend>Mesh api key</legend>
      <p className="hint">
        Used for mesh and faceted search when sample services are off.{' '}
        {current.persists
          ? "The app keeps it in the system's secure storage and never shows it again."
          : `${SESSION_ONLY_KEY} The app never shows it again.`}
      </p>
      <p className="settings-key-status" id={`${id}-status`}>
        Current key: <strong>{keyStatus(current)}</strong>
      </p>
      <div className="settings-key-row">
        <div className="field">
          <label htmlFor={`${id}-key`}>Mesh api key</label>
          <input
            ref={input}
            id={`${id}-key`}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={current.set ? 'Enter a new key to replace it' : 'Enter the key'}
            value={key}
            aria-describedby={`${id}-status${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setKey(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="button" disabled={busy || key.trim() === ''} onClick={() => void send(key)}>
          Save key
        </button>
        <button type="button" className="danger" disabled={busy || !current.set} onClick={() => void send(null)}>
          Forget key
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
