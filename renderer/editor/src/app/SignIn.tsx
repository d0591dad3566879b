import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { call, errorMessage } from '../api';
import { userAtom } from '../state/session';

/** First run: the author of every save is this address, lowercased (editor spec §3, §6). */
export function SignIn() {
  const setUser = useSetAtom(userAtom);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const session = await call('signIn', { email: email.trim() });
      setUser(session.user);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <main className="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Storefront Studio</h1>
        <p>Your address is recorded as the author of the pages you save.</p>
        <label>
          Email
          <input type="email" required value={email} autoFocus onChange={(e) => setEmail(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <button type="submit" className="primary">
          Continue
        </button>
      </form>
    </main>
  );
}
