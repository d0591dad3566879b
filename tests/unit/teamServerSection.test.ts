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
