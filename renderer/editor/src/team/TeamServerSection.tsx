import { useId, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isInsecureServiceUrl } from '../../../../core/rules/urlSafety';
import { CompanySignInFormSchema, TeamServerFormSchema, type TeamStatus } from '../../../../core/team';
import { call, errorMessage } from '../api';
import { toast } from '../state/toasts';
import { setTeamValue, teamStatusAtom, useTeamValue } from '../state/teamStore';
import { FieldError, invalidFieldAttributes } from '../ui/FieldError';
import './team.css';

/** Where the token lives when the system's secure storage is unavailable (and in the browser host). */
const SESSION_ONLY_TOKEN =
  "The system's secure storage is unavailable, so the token is kept for this session only: sign in again after restarting the app.";

type TestResult = { ok: true; user: string } | { ok: false; message: string };

/** The button's text (exact: the issue names it). */
const COMPANY_SIGN_IN = 'Sign in with your company account';

/**
 * Company sign-in (issue 22 §3): main asks the server how, and opens the identity provider's page in the
 * system browser; where it cannot (the browser host), the page opens in its own window from here. Then main
 * waits for the browser to come back to it, and answers the new status.
 */
function useCompanySignIn(onProblem: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const signIn = async (server: z.output<typeof CompanySignInFormSchema>) => {
    setBusy(true);
    try {
      const started = await call('startCompanySignIn', server);
      if (!started.openedInBrowser) window.open(started.authorizationUrl, 'storefront-studio-sign-in', 'popup');
      const status = await call('finishCompanySignIn', {});
      setTeamValue(teamStatusAtom, status);
      toast(`Signed in to the team server as ${status.user ?? 'its user'}.`);
    } catch (error) {
      onProblem(`Not signed in: ${errorMessage(error)}`);
    }
    setBusy(false);
  };
  return { busy, signIn };
}

/**
 * Settings → Team server (issue 13): "This computer only" (the embedded store, the default), or a team server
 * with an API token. Test connection asks the server who the token belongs to; Sign in stores both (the token
 * in secure storage, in main) and from then on saves go to the server as that user; Sign out forgets the token.
 * Its own buttons, like the mesh key's: nothing here waits for Save settings.
 */
export function TeamServerSection() {
  const status = useTeamValue(teamStatusAtom);
  if (!status) return null;
  return (
    <fieldset className="settings-section">
      <legend>Team server</legend>
      {status.mode === 'team' ? <SignedIn status={status} /> : <SignInForm />}
    </fieldset>
  );
}

function SignedIn({ status }: { status: TeamStatus }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const company = useCompanySignIn(setError);
  const signOut = async () => {
    setBusy(true);
    setError(null);
    try {
      setTeamValue(teamStatusAtom, await call('signOutTeam', {}));
      toast('Signed out of the team server: saves go to this computer only.');
    } catch (failure) {
      setError(`You are still signed in: ${errorMessage(failure)}`);
    }
    setBusy(false);
  };
  const connection =
    status.connection === 'online'
      ? 'Online'
      : status.connection === 'connecting'
        ? 'Connecting…'
        : `Offline${status.offlineReason ? `: ${status.offlineReason}` : ''}`;
  if (status.signedOut) {
    return (
      <>
        <p role="alert" className="settings-key-status">
          Signed out of <strong>{status.serverUrl}</strong>: {status.signedOut}
        </p>
        <p className="hint">
          Your drafts and the saves waiting on this computer are kept, and are sent once you sign in again.
        </p>
        <div className="team-form-actions">
          <button
            type="button"
            className="primary"
            disabled={company.busy}
            // The address this desktop was signed in to (with the user's consent if it is plain http).
            onClick={() => void company.signIn({ url: status.serverUrl ?? '', allowInsecureHttp: true })}
          >
            {company.busy ? 'Signing in…' : COMPANY_SIGN_IN}
          </button>
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <p className="settings-key-status">
        Signed in to <strong>{status.serverUrl}</strong> as <strong>{status.user}</strong>. {connection}
      </p>
      <p className="hint">
        Saves go to the team server with you as their author.{' '}
        {status.tokenPersists ? "The token is kept in the system's secure storage." : SESSION_ONLY_TOKEN}
        {status.pendingSaves > 0 && ` ${status.pendingSaves} saves wait on this computer for the server.`}
      </p>
      <div className="team-form-actions">
        <button type="button" className="danger" disabled={busy} onClick={() => void signOut()}>
          Sign out
        </button>
        <span className="hint">Sign out forgets the token; saves waiting for the server stay on this computer.</span>
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** What the inputs hold; TeamServerFormSchema (the resolver) trims them into what main takes. */
type SignInValues = z.input<typeof TeamServerFormSchema>;
type TeamServerForm = z.output<typeof TeamServerFormSchema>;
type SignInField = keyof SignInValues;

function SignInForm() {
  const id = useId();
  const [useTeam, setUseTeam] = useState(false);
  const [busy, setBusy] = useState<'test' | 'sign-in' | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const company = useCompanySignIn((message) => setResult({ ok: false, message }));
  // Not a <form>: the section sits inside the Settings form, and its buttons do not save the settings.
  // Messages show once a field is left or a button pressed, and follow each edit after that, as in the rest.
  const { register, handleSubmit, watch, getFieldState, formState, trigger, getValues } = useForm<
    SignInValues,
    unknown,
    TeamServerForm
  >({
    defaultValues: { url: '', token: '', allowInsecureHttp: false },
    resolver: zodResolver(TeamServerFormSchema),
    mode: 'onTouched',
  });
  const url = watch('url');

  /** Runs one of the buttons on the checked form; a field's problem is said beside it, and nothing is sent. */
  const withForm = (action: (form: TeamServerForm) => Promise<void>) => handleSubmit(action, () => setResult(null));

  const test = withForm(async (form) => {
    setBusy('test');
    setResult(null);
    try {
      const answer = await call('testTeamServer', form);
      setResult(
        answer.user
          ? { ok: true, user: answer.user }
          : { ok: false, message: answer.problem?.message ?? 'The server did not say who you are.' },
      );
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) });
    }
    setBusy(null);
  });

  const signIn = withForm(async (form) => {
    setBusy('sign-in');
    setResult(null);
    try {
      const status = await call('signInTeam', form);
      setTeamValue(teamStatusAtom, status);
      toast(`Signed in to the team server as ${status.user ?? 'its user'}.`);
    } catch (error) {
      // The typed address and token stay for another try; nothing else changed.
      setResult({ ok: false, message: `Not signed in: ${errorMessage(error)}` });
      setBusy(null);
    }
  });

  /** Company sign-in needs the address only: the server says the rest. */
  const signInWithCompany = async () => {
    setResult(null);
    if (!(await trigger('url'))) return;
    const { url: address, allowInsecureHttp } = getValues();
    await company.signIn(CompanySignInFormSchema.parse({ url: address, allowInsecureHttp }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter signs in here, not the whole settings form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      void signIn();
    }
  };

  const messageOf = (field: SignInField): string | undefined => getFieldState(field, formState).error?.message;
  /** A text input's registration, its error wiring, and a stale answer cleared by an edit. */
  const textInput = (field: 'url' | 'token') => {
    return {
      id: `${id}-${field}`,
      ...register(field, { onChange: () => setResult(null) }),
      onKeyDown,
      ...invalidFieldAttributes(id, field, messageOf(field)),
    };
  };
  const fieldError = (field: 'url' | 'token') => <FieldError formId={id} field={field} message={messageOf(field)} />;

  return (
    <>
      <div className="team-mode-choice" role="radiogroup" aria-label="Where pages are saved">
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={!useTeam} onChange={() => setUseTeam(false)} />
          This computer only
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={useTeam} onChange={() => setUseTeam(true)} />A team server
        </label>
      </div>
      <p className="hint">
        {useTeam
          ? 'Pages, versions and authorship are shared through your team’s Storefront Studio server. Ask its administrator for an API token.'
          : 'Pages are saved by the content service built into the app, in its data folder. No server is needed.'}
      </p>
      {useTeam && (
        <>
          <div className="team-form">
            <div className="field">
              <label htmlFor={`${id}-url`}>Team server address</label>
              <input
                type="url"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                placeholder="https://studio.example.com"
                {...textInput('url')}
              />
              {fieldError('url')}
              {isInsecureServiceUrl(url.trim()) && (
                <label className="checkbox settings-insecure">
                  <input type="checkbox" {...register('allowInsecureHttp')} />
                  Allow insecure http for this address (the token would travel in clear)
                </label>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-token`}>API token</label>
              <input type="password" autoComplete="new-password" spellCheck={false} {...textInput('token')} />
              {fieldError('token')}
            </div>
          </div>
          <div className="team-form-actions">
            <button type="button" disabled={busy !== null} onClick={() => void test()}>
              {busy === 'test' ? 'Testing…' : 'Test connection'}
            </button>
            <button type="button" className="primary" disabled={busy !== null} onClick={() => void signIn()}>
              {busy === 'sign-in' ? 'Signing in…' : 'Sign in'}
            </button>
          </div>
          <div className="team-form-actions">
            <button type="button" disabled={busy !== null || company.busy} onClick={() => void signInWithCompany()}>
              {company.busy ? 'Signing in…' : COMPANY_SIGN_IN}
            </button>
            <span className="hint">Needs only the address, when the server offers company sign-in.</span>
          </div>
          {result &&
            (result.ok ? (
              <p role="status" className="team-test-result team-test-ok">
                Connected: the server knows this token as <strong>{result.user}</strong>.
              </p>
            ) : (
              <p role="alert" className="team-test-result field-error">
                {result.message}
              </p>
            ))}
        </>
      )}
    </>
  );
}
