import { useId, useState, type KeyboardEvent } from 'react';
import { isInsecureServiceUrl } from '../../../../core/rules/urlSafety';
import { TeamServerFormSchema, type TeamStatus } from '../../../../core/team';
import { call, errorMessage } from '../api';
import { toast } from '../state/toasts';
import { setTeamValue, teamStatusAtom, useTeamValue } from '../state/teamStore';
import './team.css';

/** Where the token lives when the system's secure storage is unavailable (and in the browser host). */
const SESSION_ONLY_TOKEN =
  "The system's secure storage is unavailable, so the token is kept for this session only: sign in again after restarting the app.";

type TestResult = { ok: true; user: string } | { ok: false; message: string };

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

function SignInForm() {
  const id = useId();
  const [useTeam, setUseTeam] = useState(false);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [allowInsecureHttp, setAllowInsecureHttp] = useState(false);
  const [busy, setBusy] = useState<'test' | 'sign-in' | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);

  /** The form as main takes it, or the first reason it cannot be sent, said in the result line. */
  const parsed = () => {
    const checked = TeamServerFormSchema.safeParse({ url, token, allowInsecureHttp });
    if (checked.success) return checked.data;
    setResult({ ok: false, message: checked.error.issues[0]?.message ?? 'Enter the address and the token.' });
    return null;
  };

  const test = async () => {
    const form = parsed();
    if (!form) return;
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
  };

  const signIn = async () => {
    const form = parsed();
    if (!form) return;
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
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter signs in here, not the whole settings form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      void signIn();
    }
  };

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
                id={`${id}-url`}
                type="url"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                placeholder="https://studio.example.com"
                value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setResult(null);
                }}
                onKeyDown={onKeyDown}
              />
              {isInsecureServiceUrl(url.trim()) && (
                <label className="checkbox settings-insecure">
                  <input
                    type="checkbox"
                    checked={allowInsecureHttp}
                    onChange={(e) => setAllowInsecureHttp(e.target.checked)}
                  />
                  Allow insecure http for this address (the token would travel in clear)
                </label>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-token`}>API token</label>
              <input
                id={`${id}-token`}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                value={token}
                onChange={(e) => {
                  setToken(e.target.value);
                  setResult(null);
                }}
                onKeyDown={onKeyDown}
              />
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
