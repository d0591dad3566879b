// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import type { TeamStatus } from '../../core/team';
import { setTeamValue, teamStatusAtom } from '../../renderer/editor/src/state/teamStore';
import { TeamServerSection } from '../../renderer/editor/src/team/TeamServerSection';

const view = reactRootPerTest();

const LOCAL: TeamStatus = {
  mode: 'local',
  serverUrl: null,
  user: null,
  connection: 'online',
  lastContact: null,
  offlineReason: null,
  nextAttemptAt: null,
  pendingSaves: 0,
  tokenPersists: true,
  signedOut: null,
};

/** The section with "A team server" chosen, and window.studio recording what it is asked. */
async function renderSignInForm(): Promise<{ sent: [string, unknown][] }> {
  const sent: [string, unknown][] = [];
  const answer = (channel: string) => async (input: unknown) => {
    sent.push([channel, input]);
    return { ok: true, value: { user: 'carla@example.com', problem: null } };
  };
  (window as unknown as { studio: unknown }).studio = {
    testTeamServer: answer('testTeamServer'),
    signInTeam: answer('signInTeam'),
  };
  setTeamValue(teamStatusAtom, LOCAL);
  await act(async () => view.root.render(createElement(TeamServerSection)));
  const teamServer = [...view.host.querySelectorAll<HTMLInputElement>('input[type=radio]')][1]!;
  await act(async () => teamServer.click());
  return { sent };
}

const inputLabelled = (text: string): HTMLInputElement => {
  const label = [...view.host.querySelectorAll('label')].find((each) => each.textContent === text)!;
  return view.host.querySelector<HTMLInputElement>(`#${CSS.escape(label.htmlFor)}`)!;
};
const button = (text: string): HTMLButtonElement =>
  [...view.host.querySelectorAll('button')].find((each) => each.textContent === text)!;

async function type(input: HTMLInputElement, text: string): Promise<void> {
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Settings → Team server, on the form library like the rest of Settings', () => {
  it('says beside each empty field what it needs, and sends nothing', async () => {
    const { sent } = await renderSignInForm();
    await act(async () => button('Sign in').click());

    const address = inputLabelled('Team server address');
    const token = inputLabelled('API token');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(view.host.querySelector(`#${CSS.escape(address.getAttribute('aria-describedby')!)}`)?.textContent).toBe(
      'Enter the team server address',
    );
    expect(view.host.querySelector(`#${CSS.escape(token.getAttribute('aria-describedby')!)}`)?.textContent).toBe(
      'Enter the API token',
    );
    expect(sent).toEqual([]);
  });

  it('sends the trimmed address and token, and shows whom the server knows the token as', async () => {
    const { sent } = await renderSignInForm();
    await type(inputLabelled('Team server address'), '  https://studio.example.com ');
    await type(inputLabelled('API token'), ' sst_abc ');
    await act(async () => button('Test connection').click());

    expect(sent).toEqual([
      ['testTeamServer', { url: 'https://studio.example.com', token: 'sst_abc', allowInsecureHttp: false }],
    ]);
    expect(view.host.querySelector('[role=status]')?.textContent).toBe(
      'Connected: the server knows this token as carla@example.com.',
    );
    expect(inputLabelled('Team server address').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('Sign in with your company account', () => {
  const SIGNED_IN: TeamStatus = {
    ...LOCAL,
    mode: 'team',
    serverUrl: 'https://studio.example.com',
    user: 'editor.gb@example.com',
  };

  it('needs only the address: main starts the sign-in, the provider opens in its own window, and main finishes it', async () => {
    const sent: [string, unknown][] = [];
    const opened: (string | URL | undefined)[] = [];
    const authorizationUrl = 'https://idp.example.com/authorize?client_id=desktop';
    (window as unknown as { studio: unknown }).studio = {
      startCompanySignIn: async (input: unknown) => {
        sent.push(['startCompanySignIn', input]);
        return { ok: true, value: { authorizationUrl, openedInBrowser: false } };
      },
      finishCompanySignIn: async (input: unknown) => {
        sent.push(['finishCompanySignIn', input]);
        return { ok: true, value: SIGNED_IN };
      },
    };
    const open = window.open;
    window.open = ((url?: string | URL) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    try {
      setTeamValue(teamStatusAtom, LOCAL);
      await act(async () => view.root.render(createElement(TeamServerSection)));
      await act(async () => [...view.host.querySelectorAll<HTMLInputElement>('input[type=radio]')][1]!.click());
      await type(inputLabelled('Team server address'), ' https://studio.example.com ');
      await act(async () => button('Sign in with your company account').click());
    } finally {
      window.open = open;
    }
    expect(sent).toEqual([
      ['startCompanySignIn', { url: 'https://studio.example.com', allowInsecureHttp: false }],
      ['finishCompanySignIn', {}],
    ]);
    expect(opened).toEqual([authorizationUrl]);
    expect(view.host.textContent).toContain('Signed in to https://studio.example.com as editor.gb@example.com.');
  });

  it('shows "Signed out" with the reason when the session ended, and signs in again from there', async () => {
    const sent: string[] = [];
    (window as unknown as { studio: unknown }).studio = {
      startCompanySignIn: async () => {
        sent.push('startCompanySignIn');
        return { ok: true, value: { authorizationUrl: 'https://idp.example.com/authorize', openedInBrowser: true } };
      },
      finishCompanySignIn: async () => {
        sent.push('finishCompanySignIn');
        return { ok: true, value: SIGNED_IN };
      },
    };
    const reason = 'The identity provider refused to renew your sign-in: account disabled (invalid_grant)';
    setTeamValue(teamStatusAtom, { ...SIGNED_IN, connection: 'offline', signedOut: reason });
    await act(async () => view.root.render(createElement(TeamServerSection)));
    expect(view.host.querySelector('[role=alert]')?.textContent).toBe(
      `Signed out of https://studio.example.com: ${reason}`,
    );
    await act(async () => button('Sign in with your company account').click());
    expect(sent).toEqual(['startCompanySignIn', 'finishCompanySignIn']);
    expect(view.host.textContent).toContain('Signed in to https://studio.example.com as editor.gb@example.com.');
  });
});
