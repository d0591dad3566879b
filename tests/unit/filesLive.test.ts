import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesStore } from '../../main/services/filesStore';
import { LiveChangeError, type ContentStore } from '../../core/store';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

/** What only the files store has for live versions: its live file, and one that cannot be read. */

const PUBLISHER = 'pub@example.com';
let dataDir: string;
let store: ContentStore;
let damaged: { path: string; reason: string }[];
let liveFile: string;

beforeEach(async () => {
  dataDir = await makeTempDir();
  damaged = [];
  store = createFilesStore(join(dataDir, 'content'), {
    onDamagedFile: (path, reason) => damaged.push({ path, reason }),
  });
  const { fascia, platform, source, page, country } = HOME_KEY;
  liveFile = join(dataDir, 'content', fascia, platform, source, page, 'uat', country, 'live.json');
  await store.save({ content: makePage({ title: 'One' }), kind: 'content' });
  await store.save({ content: makePage({ title: 'Two' }), kind: 'content' });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const goLive = (version: number) => store.goLive({ key: HOME_KEY, version, by: PUBLISHER, message: 'Live' });
const rollBack = () => store.rollBack({ key: HOME_KEY, by: PUBLISHER, message: 'Back' });

async function refusalOf(move: Promise<unknown>): Promise<string> {
  const error = await move.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LiveChangeError);
  return (error as LiveChangeError).message;
}

describe("the files store's live file", () => {
  it("is live.json beside the page's versions, its entries oldest first", async () => {
    const moves = [await goLive(1), await goLive(2), await rollBack()];
    expect(JSON.parse(await readFile(liveFile, 'utf8'))).toEqual({ entries: moves });
  });

  describe('when it cannot be read', () => {
    const damagedText = '{"entries": [{"version": 1,';
    const prefix = (file: string) =>
      `The live history of page 'home' (jd, gb, app/ios) cannot be read: ${file} is damaged (not readable JSON: `;
    const suffix = '). It is kept as it is; repair it or move it away to go live again.';

    beforeEach(async () => {
      await goLive(1);
      await goLive(2);
      await writeFile(liveFile, damagedText);
    });

    it('is never written over: moves are refused naming the file, and the versions are all kept', async () => {
      for (const move of [goLive(1), rollBack()]) {
        const message = await refusalOf(move);
        expect(message.startsWith(prefix(liveFile)), message).toBe(true);
        expect(message.endsWith(suffix), message).toBe(true);
      }
      expect(await readFile(liveFile, 'utf8')).toBe(damagedText);
      expect((await store.versions(HOME_KEY)).total).toBe(2);
    });

    it("fails reading the page's live state with the same message", async () => {
      await expect(store.live(HOME_KEY)).rejects.toThrow(prefix(liveFile));
      await expect(store.liveHistory(HOME_KEY)).rejects.toThrow(prefix(liveFile));
    });

    it('lists the page as not live, telling onDamagedFile', async () => {
      const listing = await store.listPages();
      expect(listing.pages.map((page) => [page.key.page, page.version, page.live])).toEqual([['home', 2, undefined]]);
      expect(damaged).toEqual([{ path: liveFile, reason: expect.stringMatching(/^not readable JSON: /) }]);
    });

    it('says when it holds JSON that is not a live history', async () => {
      await writeFile(liveFile, JSON.stringify({ entries: [{ version: 'one' }] }));
      const message = await refusalOf(goLive(1));
      expect(message).toContain(`${liveFile} is damaged (not a live history: `);
    });

    it('starts a new history once someone moves it away', async () => {
      await rename(liveFile, `${liveFile}.kept`);
      expect(await goLive(2)).toMatchObject({ version: 2, previous: null });
      expect(await readFile(`${liveFile}.kept`, 'utf8')).toBe(damagedText);
    });
  });
});
