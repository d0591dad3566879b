import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { contentHash } from '../../core/rules/hash';
import type { PageContent, PageSummary } from '../../core/schemas';
import { startContentServer } from '../../main/services/contentServer';
import { addComponent, createPage, expect, openFromDashboard, saveContent, setBannerTitle, type Host } from './host';

/**
 * The merge dialog (issue 23): this editor saves a page a colleague saved on top of the version it opened, on
 * a content service of the test's own, both having changed the banner's title, so that field clashes.
 * `check` gets the dialog; the service and its folder are gone afterwards.
 */
export async function withMergeConflict(
  page: Page,
  host: Host,
  check: (dialog: Locator) => Promise<void>,
): Promise<void> {
  const teamDir = mkdtempSync(join(tmpdir(), 'studio-conflict-'));
  const team = await startContentServer({ dataDir: teamDir });
  try {
    await page.goto(host.url);
    await page.evaluate((url) => window.studio.updateSettings({ serviceUrls: { content: url } }), team.url);
    await createPage(page, host, 'shared page');
    await addComponent(page, 'Main Banner');
    await setBannerTitle(page, 'First title');
    await saveContent(page, 'First version');
    // Saved once the editor has gone back to the dashboard: openFromDashboard's navigation would cancel a
    // save still under way (CI once listed no page on the service here).
    await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
    await openFromDashboard(page, host, 'shared-page');

    // The colleague saves on top of the version this editor opened, as another Studio would.
    const { pages } = (await (await fetch(`${team.url}/pages`)).json()) as { pages: PageSummary[] };
    const key = Object.fromEntries(Object.entries(pages[0]!.key).map(([k, v]) => [k, String(v)]));
    const opened = (await (await fetch(`${team.url}/page?${new URLSearchParams(key)}`)).json()) as {
      content: PageContent;
    };
    const components = opened.content.content.map((c) => ({ ...c, content: { ...c.content, title: 'Theirs' } }));
    const theirs = {
      ...opened.content,
      content: components,
      hash: contentHash(components),
      author: 'colleague@example.com',
      commitMessage: 'Colleague: sharper title',
      timestamp: new Date().toISOString(),
    };
    const saved = await fetch(`${team.url}/saveContent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: theirs, baseHash: opened.content.hash }),
    });
    expect(saved.status).toBe(201);

    await setBannerTitle(page, 'My title');
    await saveContent(page, 'My title');
    await check(page.getByRole('dialog', { name: 'Merge changes' }));
  } finally {
    await team.close();
    rmSync(teamDir, { recursive: true, force: true });
  }
}
