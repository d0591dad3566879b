import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  DEFAULT_FASCIA_STORES,
  SERVICE_LABELS,
  SERVICE_NAMES,
  SettingsPatchSchema,
  SettingsSchema,
  serviceUrlProblems,
  type ServiceName,
  type Settings,
  type SettingsPatch,
} from '../../../../core/settings';
import { StudioError } from '../../../../core/result';
import { INSECURE_HTTP_WARNING, isInsecureServiceUrl } from '../../../../core/rules/urlSafety';
import { call, errorMessage } from '../api';
import { DASHBOARD_PATH } from '../router';
import { toast } from '../state/toasts';
import { Header } from '../ui/Header';
import { TeamServerSection } from '../team/TeamServerSection';
import './settings.css';

/**
 * Settings (editor spec §3): where the services are, the mesh api key, the fascia-to-store map and the image
 * quality. Everything but the key is saved in one updateSettings call; the key has its own buttons, since main
 * keeps it (safeStorage) and only ever answers whether one is set and its last four characters.
 */

interface FasciaRow {
  /** Stable React key: fascia codes are unique, but a row keeps its identity while the table changes. */
  id: number;
  fascia: string;
  store: string;
}

interface FormState {
  useSampleServices: boolean;
  serviceUrls: Record<ServiceName, string>;
  allowInsecureHttp: Record<ServiceName, boolean>;
  fasciaRows: FasciaRow[];
  quality: string;
  previewQuality: string;
}

/** Field ids for errors: `url.mesh`, `store.jd`, `quality`, `previewQuality`. */
type Errors = Readonly<Record<string, string>>;

const SAMPLE_SERVED: readonly ServiceName[] = SERVICE_NAMES.filter((name) => name !== 'content');
const QUALITY_MESSAGE = 'Enter a whole number from 1 to 100';
const FASCIA_CODE = /^[a-z0-9_-]+$/;
const MAX_FASCIA_CODE = 40;
const MAX_STORE_ID = 100;
const MAX_KEY = 500;

let nextRowId = 1;
const rowsOf = (stores: Readonly<Record<string, string>>): FasciaRow[] =>
  Object.entries(stores).map(([fascia, store]) => ({ id: nextRowId++, fascia, store }));

function formFrom(settings: Settings): FormState {
  return {
    useSampleServices: settings.useSampleServices,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, settings.serviceUrls[name] ?? ''])) as Record<ServiceName, string>,
    allowInsecureHttp: { ...settings.allowInsecureHttp },
    fasciaRows: rowsOf(settings.fasciaStores),
    quality: String(settings.imageQuality.value),
    previewQuality: String(settings.imageQuality.preValue),
  };
}

function parseQuality(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= 100 ? value : null;
}

/** What the form would save, and every reason it cannot, keyed by field id. */
function toPatch(form: FormState): { patch: SettingsPatch | null; errors: Errors } {
  const errors: Record<string, string> = {};
  const serviceUrls = {} as Record<ServiceName, string | null>;
  for (const name of SERVICE_NAMES) {
    const text = form.serviceUrls[name].trim();
    serviceUrls[name] = text === '' ? null : text;
    const parsed = SettingsSchema.shape.serviceUrls.shape[name].safeParse(serviceUrls[name]);
    if (!parsed.success) errors[`url.${name}`] = parsed.error.issues[0]?.message ?? 'Enter an http or https address';
  }
  // Plain http to another machine needs the box ticked: the rule main applies too.
  for (const [path, problem] of Object.entries(serviceUrlProblems(serviceUrls, form.allowInsecureHttp))) {
    const field = `url.${path.split('.')[1]}`;
    errors[field] ??= problem;
  }
  const fasciaStores: Record<string, string> = {};
  for (const row of form.fasciaRows) {
    const store = row.store.trim();
    if (store === '') errors[`store.${row.fascia}`] = 'A store id cannot be empty';
    else if (store.length > MAX_STORE_ID) errors[`store.${row.fascia}`] = `A store id has at most ${MAX_STORE_ID} characters`;
    fasciaStores[row.fascia] = store;
  }
  const value = parseQuality(form.quality);
  const preValue = parseQuality(form.previewQuality);
  if (value === null) errors.quality = QUALITY_MESSAGE;
  if (preValue === null) errors.previewQuality = QUALITY_MESSAGE;
  if (Object.keys(errors).length > 0 || value === null || preValue === null) return { patch: null, errors };

  const patch: SettingsPatch = {
    useSampleServices: form.useSampleServices,
    serviceUrls,
    allowInsecureHttp: form.allowInsecureHttp,
    fasciaStores,
    imageQuality: { value, preValue },
  };
  // The same schema main parses with: whatever it would refuse is caught here first.
  const checked = SettingsPatchSchema.safeParse(patch);
  if (!checked.success) return { patch: null, errors: fieldErrorsFromIssues(checked.error.issues.map((i) => [i.path.map(String), i.message])) };
  return { patch, errors };
}

/** Maps schema paths (serviceUrls.mesh, fasciaStores.jd, imageQuality.value) to the form's field ids. */
function fieldErrorsFromIssues(issues: readonly (readonly [readonly string[], string])[]): Errors {
  const errors: Record<string, string> = {};
  for (const [path, message] of issues) {
    const [section, key] = path;
    const id =
      section === 'serviceUrls' && key
        ? `url.${key}`
        : section === 'fasciaStores' && key
          ? `store.${key}`
          : section === 'imageQuality'
            ? key === 'preValue'
              ? 'previewQuality'
              : 'quality'
            : null;
    if (id && !errors[id]) errors[id] = message;
  }
  return errors;
}

/** main's invalid-input message reads "Invalid request for updateSettings: path: message; path: message". */
function fieldErrorsFromServer(message: string): Errors {
  const body = message.replace(/^Invalid request for \w+:\s*/, '');
  const issues = body
    .split('; ')
    .map((part) => /^([\w.-]+): (.+)$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!.split('.'), match[2]!] as const);
  return fieldErrorsFromIssues(issues);
}

/** Order-insensitive for the fascia map, trimmed like the patch: what decides "unsaved changes". */
function fingerprint(form: FormState): string {
  return JSON.stringify([
    form.useSampleServices,
    SERVICE_NAMES.map((name) => form.serviceUrls[name].trim()),
    SERVICE_NAMES.map((name) => form.allowInsecureHttp[name]),
    form.fasciaRows.map((row) => [row.fascia, row.store.trim()]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
    form.quality.trim(),
    form.previewQuality.trim(),
  ]);
}

const keyStatus = (key: Settings['meshApiKey']): string =>
  key.set ? `Set (${key.hint ?? '…'})${key.persists ? '' : ', for this session only'}` : 'Not set';

/** Where safeStorage cannot encrypt (and in the browser host) the key lives in memory until the app closes. */
const SESSION_ONLY_KEY =
  "The system's secure storage is unavailable, so the key is kept for this session only: enter it again after restarting the app.";

export function SettingsScreen() {
  const [saved, setSaved] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<FormState | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const settings = await call('getSettings', {});
      setSaved(settings);
      setForm(formFrom(settings));
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const updateForm = useCallback((update: (form: FormState) => FormState) => setForm((current) => (current ? update(current) : current)), []);

  const back = (
    <a href={`#${DASHBOARD_PATH}`} className="settings-back">
      <span aria-hidden="true">← </span>Back
    </a>
  );

  return (
    <div className="settings-screen">
      <Header title="Settings" before={back} />
      <main>
        {loadError ? (
          <div role="alert" className="banner-warning settings-load-error">
            <p>Settings could not be read: {loadError}</p>
            <button type="button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : saved && form ? (
          <SettingsForm saved={saved} form={form} setForm={updateForm} onSaved={setSaved} />
        ) : (
          <p className="loading">Loading settings…</p>
        )}
      </main>
    </div>
  );
}

function SettingsForm({
  saved,
  form,
  setForm,
  onSaved,
}: {
  saved: Settings;
  form: FormState;
  setForm: (update: (form: FormState) => FormState) => void;
  onSaved: (settings: Settings) => void;
}) {
  const id = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const { errors } = useMemo(() => toPatch(form), [form]);
  const dirty = useMemo(() => fingerprint(form) !== fingerprint(formFrom(saved)), [form, saved]);

  // Closing the window with unsaved settings asks first, as leaving the editor does.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** A field's message: the server's until the field is edited, else the client's once touched or submitted. */
  const errorFor = (field: string): string | undefined =>
    serverErrors[field] ?? (submitted || touched.has(field) ? errors[field] : undefined);
  const touch = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const clearServerError = (field: string) => {
    if (serverErrors[field]) setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const edit = (field: string | null, update: (form: FormState) => FormState) => {
    if (field) clearServerError(field);
    setForm(update);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setSaveError(null);
    const { patch } = toPatch(form);
    if (!patch) {
      setSaveError('Settings were not saved: correct the fields marked in red.');
      return;
    }
    setSaving(true);
    try {
      const settings = await call('updateSettings', patch);
      onSaved(settings);
      setForm(() => formFrom(settings));
      setSubmitted(false);
      setTouched(new Set());
      setServerErrors({});
      toast('Settings saved.');
    } catch (error) {
      const message = errorMessage(error);
      setSaveError(`Settings were not saved: ${message}`);
      if (error instanceof StudioError && error.code === 'invalid-input') setServerErrors(fieldErrorsFromServer(message));
    } finally {
      setSaving(false);
    }
  };

  const fieldProps = (field: string) => {
    const message = errorFor(field);
    return {
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-${field}-error` : undefined,
      onBlur: () => touch(field),
    } as const;
  };
  const fieldError = (field: string) => {
    const message = errorFor(field);
    return message ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };

  const missing = SAMPLE_SERVED.filter((name) => form.serviceUrls[name].trim() === '');

  return (
    <form className="settings-form" onSubmit={save} noValidate aria-label="Settings">
      <TeamServerSection />

      <fieldset className="settings-section">
        <legend>Services</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.useSampleServices}
            aria-describedby={`${id}-sample-hint`}
            onChange={(e) => {
              const on = e.target.checked;
              edit(null, (f) => ({ ...f, useSampleServices: on }));
            }}
          />
          Use sample services
        </label>
        <p id={`${id}-sample-hint`} className="hint">
          On: mesh, faceted search, translation, product lookup and image metadata are answered by the sample services
          shipped with the app, and the addresses below are kept but not used for them. The content service is the
          embedded one unless its address is set, whether this is on or off.
        </p>
        {!form.useSampleServices && missing.length > 0 && (
          <p className="banner-warning settings-note">
            With sample services off, these have no address and will not answer: {missing.map((name) => SERVICE_LABELS[name]).join(', ')}.
          </p>
        )}
        {!form.useSampleServices && !saved.meshApiKey.set && (
          <p className="banner-warning settings-note">With sample services off, mesh and faceted search need the mesh api key.</p>
        )}
      </fieldset>

      <fieldset className="settings-section">
        <legend>Service addresses</legend>
        <p className="hint">
          https addresses; plain http only on this machine (localhost, 127.0.0.1) unless you allow it for an address. Leave one
          empty when it is not set; an empty content service address means the embedded one.
        </p>
        <div className="settings-urls">
          {SERVICE_NAMES.map((name) => {
            const field = `url.${name}`;
            const unused = name !== 'content' && form.useSampleServices;
            return (
              <div className="field" key={name}>
                <div className="settings-url-label">
                  <label htmlFor={`${id}-${field}`}>{SERVICE_LABELS[name]}</label>
                  {unused && <span className="muted settings-unused">sample in use</span>}
                </div>
                <input
                  id={`${id}-${field}`}
                  type="url"
                  inputMode="url"
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={name === 'content' ? 'Embedded content service' : 'Not set'}
                  value={form.serviceUrls[name]}
                  {...fieldProps(field)}
                  onChange={(e) => {
                    const text = e.target.value;
                    edit(field, (f) => ({ ...f, serviceUrls: { ...f.serviceUrls, [name]: text } }));
                  }}
                />
                {/* Above the field's message, so the box does not move when leaving the field shows one. */}
                {isInsecureServiceUrl(form.serviceUrls[name].trim()) && (
                  <InsecureHttpConsent
                    allowed={form.allowInsecureHttp[name]}
                    onChange={(allowed) => edit(field, (f) => ({ ...f, allowInsecureHttp: { ...f.allowInsecureHttp, [name]: allowed } }))}
                  />
                )}
                {fieldError(field)}
              </div>
            );
          })}
        </div>
      </fieldset>

      <MeshKeySection current={saved.meshApiKey} onChanged={(meshApiKey) => onSaved({ ...saved, meshApiKey })} />

      <FasciaSection
        rows={form.fasciaRows}
        setRows={(update) => setForm((f) => ({ ...f, fasciaRows: update(f.fasciaRows) }))}
        fieldProps={fieldProps}
        fieldError={fieldError}
        clearServerError={clearServerError}
        idPrefix={id}
      />

      <fieldset className="settings-section">
        <legend>Image quality</legend>
        <p className="hint">Whole numbers from 1 to 100: the quality of images on the page, and of their low-quality previews.</p>
        <div className="settings-quality">
          {(
            [
              ['quality', 'Quality'],
              ['previewQuality', 'Preview quality'],
            ] as const
          ).map(([field, label]) => (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <input
                id={`${id}-${field}`}
                type="number"
                min={1}
                max={100}
                step={1}
                inputMode="numeric"
                value={form[field]}
                {...fieldProps(field)}
                onChange={(e) => {
                  const text = e.target.value;
                  edit(field, (f) => ({ ...f, [field]: text }));
                }}
              />
              {fieldError(field)}
            </div>
          ))}
        </div>
      </fieldset>

      <div className="settings-actions">
        {saveError && (
          <p role="alert" className="field-error settings-save-error">
            {saveError}
          </p>
        )}
        <span className={dirty ? 'settings-dirty' : 'muted'} role="status">
          {saving ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <button
          type="button"
          disabled={!dirty || saving}
          onClick={() => {
            setForm(() => formFrom(saved));
            setSubmitted(false);
            setTouched(new Set());
            setServerErrors({});
            setSaveError(null);
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="primary" disabled={saving}>
          Save settings
        </button>
      </div>
    </form>
  );
}

/** Under a plain http address of another machine: the explicit consent, and a warning once it is given. */
function InsecureHttpConsent({ allowed, onChange }: { allowed: boolean; onChange: (allowed: boolean) => void }) {
  const id = useId();
  return (
    <>
      <label className="checkbox settings-insecure">
        <input type="checkbox" checked={allowed} aria-describedby={allowed ? id : undefined} onChange={(e) => onChange(e.target.checked)} />
        Allow insecure http for this address
      </label>
      {allowed && (
        <p id={id} role="note" className="banner-warning settings-note">
          {INSECURE_HTTP_WARNING}
        </p>
      )}
    </>
  );
}

function MeshKeySection({ current, onChanged }: { current: Settings['meshApiKey']; onChanged: (key: Settings['meshApiKey']) => void }) {
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
      toast(value === null ? 'Mesh api key forgotten.' : settings.meshApiKey.persists ? 'Mesh api key saved.' : SESSION_ONLY_KEY);
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

type FieldProps = (field: string) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined; onBlur: () => void };

function FasciaSection({
  rows,
  setRows,
  fieldProps,
  fieldError,
  clearServerError,
  idPrefix,
}: {
  rows: readonly FasciaRow[];
  setRows: (update: (rows: FasciaRow[]) => FasciaRow[]) => void;
  fieldProps: FieldProps;
  fieldError: (field: string) => ReactNode;
  clearServerError: (field: string) => void;
  idPrefix: string;
}) {
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
    else if (rows.some((row) => row.fascia === fascia)) problem = `${fascia} is already in the map: edit its store above.`;
    else if (store === '') problem = 'A store id cannot be empty.';
    else if (store.length > MAX_STORE_ID) problem = `A store id has at most ${MAX_STORE_ID} characters.`;
    setAddError(problem);
    if (problem) return;
    setRows((current) => [...current, { id: nextRowId++, fascia, store }]);
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

  const resetToDefaults = () => setRows(() => rowsOf(DEFAULT_FASCIA_STORES));

  return (
    <fieldset className="settings-section">
      <legend>Fascia map</legend>
      <p className="hint">
        The mesh store each fascia code uses. A site code is looked up as given, then without its site_ prefix
        (site_jd uses jd), then without its app_ prefix.
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
            {rows.map((row) => {
              const field = `store.${row.fascia}`;
              return (
                <tr key={row.id}>
                  <th scope="row">
                    <code>{row.fascia}</code>
                  </th>
                  <td>
                    <input
                      aria-label={`Store for ${row.fascia}`}
                      value={row.store}
                      spellCheck={false}
                      autoComplete="off"
                      {...fieldProps(field)}
                      onChange={(e) => {
                        const store = e.target.value;
                        clearServerError(field);
                        setRows((current) => current.map((r) => (r.id === row.id ? { ...r, store } : r)));
                      }}
                    />
                    {fieldError(field)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="settings-remove"
                      aria-label={`Remove ${row.fascia}`}
                      title={`Remove ${row.fascia}`}
                      onClick={() => {
                        clearServerError(field);
                        setRows((current) => current.filter((r) => r.id !== row.id));
                      }}
                    >
                      Remove
                    </button>
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
        <button type="button" className="settings-defaults" onClick={resetToDefaults}>
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
