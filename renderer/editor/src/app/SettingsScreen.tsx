import { useCallback, useEffect, useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SERVICE_LABELS,
  SERVICE_NAMES,
  type ServiceName,
  type Settings,
  type SettingsPatch,
} from '../../../../core/settings';
import { StudioError, inputIssuesOf } from '../../../../core/result';
import { INSECURE_HTTP_WARNING, isInsecureServiceUrl } from '../../../../core/rules/urlSafety';
import { call, errorMessage } from '../api';
import { DASHBOARD_PATH } from '../router';
import { toast } from '../state/toasts';
import { Header } from './Header';
import { TeamServerSection } from '../team/TeamServerSection';
import { FasciaSection, type FieldInputProps } from '../settings/FasciaSection';
import { MeshKeySection } from '../settings/MeshKeySection';
import { FieldError, invalidFieldAttributes } from '../ui/FieldError';
import {
  SettingsFormSchema,
  fieldOfPatchPath,
  fingerprint,
  formFrom,
  type SettingsField,
  type SettingsFormValues,
} from '../settings/settingsForm';
import '../settings/settings.css';
import { ArrowLeft } from 'lucide-react';

/**
 * Settings (editor spec §3): where the services are, the mesh api key, the fascia-to-store map and the image
 * quality. Everything but the key is one react-hook-form form, checked by SettingsFormSchema and saved in one
 * updateSettings call; main's refusal comes back as issues with paths, set on the fields they name.
 */

const SAMPLE_SERVED: readonly ServiceName[] = SERVICE_NAMES.filter((name) => name !== 'content');

export function SettingsScreen() {
  const [saved, setSaved] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const settings = await call('getSettings', {});
      setSaved(settings);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const back = (
    <a href={`#${DASHBOARD_PATH}`} className="settings-back">
      <ArrowLeft size={16} aria-hidden />
      Back
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
        ) : saved ? (
          <SettingsForm saved={saved} onSaved={setSaved} />
        ) : (
          <p className="loading">Loading settings…</p>
        )}
      </main>
    </div>
  );
}

function SettingsForm({ saved, onSaved }: { saved: Settings; onSaved: (settings: Settings) => void }) {
  const id = useId();
  const [saveError, setSaveError] = useState<string | null>(null);
  // Messages show once a field is left or the form submitted, and follow each edit after that.
  const { control, register, handleSubmit, watch, reset, setError, clearErrors, trigger, getFieldState, formState } =
    useForm<SettingsFormValues, unknown, SettingsPatch>({
      defaultValues: formFrom(saved),
      resolver: zodResolver(SettingsFormSchema),
      mode: 'onTouched',
    });
  const { isSubmitting, isSubmitted } = formState;

  const values = watch();
  const dirty = fingerprint(values) !== fingerprint(formFrom(saved));

  // Closing the window with unsaved settings asks first, as leaving the editor does.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = handleSubmit(
    async (patch) => {
      setSaveError(null);
      try {
        const settings = await call('updateSettings', patch);
        onSaved(settings);
        reset(formFrom(settings));
        toast('Settings saved.');
      } catch (error) {
        setSaveError(`Settings were not saved: ${errorMessage(error)}`);
        // main's refusal names each field by its path in the patch (core/result.ts InputIssue).
        if (error instanceof StudioError && error.code === 'invalid-input') {
          for (const issue of inputIssuesOf(error.details)) {
            const field = fieldOfPatchPath(issue.path, values.fasciaRows);
            if (field && !getFieldState(field).error) setError(field, { type: 'server', message: issue.message });
          }
        }
      }
    },
    () => setSaveError('Settings were not saved: correct the fields marked in red.'),
  );

  const messageOf = (field: SettingsField): string | undefined => getFieldState(field, formState).error?.message;
  const fieldInput: FieldInputProps = (field) => {
    return { ...register(field), ...invalidFieldAttributes(id, field, messageOf(field)) };
  };
  const fieldError = (field: SettingsField) => <FieldError formId={id} field={field} message={messageOf(field)} />;

  /** The consent changes what the address may be: its message follows, once it is shown at all. */
  const consentChanged = (name: ServiceName) => {
    const field = `services.${name}.url` as const;
    if (isSubmitted || getFieldState(field).isTouched) void trigger(field);
    else clearErrors(field);
  };

  const missing = SAMPLE_SERVED.filter((name) => values.services[name].url.trim() === '');

  return (
    <form className="settings-form" onSubmit={(event) => void save(event)} noValidate aria-label="Settings">
      <TeamServerSection />

      <fieldset className="settings-section">
        <legend>Services</legend>
        <label className="checkbox">
          <input type="checkbox" aria-describedby={`${id}-sample-hint`} {...register('useSampleServices')} />
          Use sample services
        </label>
        <p id={`${id}-sample-hint`} className="hint">
          On: mesh, faceted search, translation, product lookup and image metadata are answered by the sample services
          shipped with the app, and the addresses below are kept but not used for them. The content service is the
          embedded one unless its address is set, whether this is on or off.
        </p>
        {!values.useSampleServices && missing.length > 0 && (
          <p className="banner-warning settings-note">
            With sample services off, these have no address and will not answer:{' '}
            {missing.map((name) => SERVICE_LABELS[name]).join(', ')}.
          </p>
        )}
        {!values.useSampleServices && !saved.meshApiKey.set && (
          <p className="banner-warning settings-note">
            With sample services off, mesh and faceted search need the mesh api key.
          </p>
        )}
      </fieldset>

      <fieldset className="settings-section">
        <legend>Service addresses</legend>
        <p className="hint">
          https addresses; plain http only on this machine (localhost, 127.0.0.1) unless you allow it for an address.
          Leave one empty when it is not set; an empty content service address means the embedded one.
        </p>
        <div className="settings-urls">
          {SERVICE_NAMES.map((name) => {
            const field = `services.${name}.url` as const;
            const unused = name !== 'content' && values.useSampleServices;
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
                  {...fieldInput(field)}
                />
                {/* Above the field's message, so the box does not move when leaving the field shows one. */}
                {isInsecureServiceUrl(values.services[name].url.trim()) && (
                  <InsecureHttpConsent
                    allowed={values.services[name].allowInsecureHttp}
                    registration={register(`services.${name}.allowInsecureHttp`, {
                      onChange: () => consentChanged(name),
                    })}
                  />
                )}
                {fieldError(field)}
              </div>
            );
          })}
        </div>
      </fieldset>

      <MeshKeySection current={saved.meshApiKey} onChanged={(meshApiKey) => onSaved({ ...saved, meshApiKey })} />

      <FasciaSection control={control} fieldInput={fieldInput} fieldError={fieldError} idPrefix={id} />

      <fieldset className="settings-section">
        <legend>Image quality</legend>
        <p className="hint">
          Whole numbers from 1 to 100: the quality of images on the page, and of their low-quality previews.
        </p>
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
                {...fieldInput(field)}
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
          {isSubmitting ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <button
          type="button"
          disabled={!dirty || isSubmitting}
          onClick={() => {
            reset(formFrom(saved));
            setSaveError(null);
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="primary" disabled={isSubmitting}>
          Save settings
        </button>
      </div>
    </form>
  );
}

/** Under a plain http address of another machine: the explicit consent, and a warning once it is given. */
function InsecureHttpConsent({ allowed, registration }: { allowed: boolean; registration: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <>
      <label className="checkbox settings-insecure">
        <input type="checkbox" aria-describedby={allowed ? id : undefined} {...registration} />
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
