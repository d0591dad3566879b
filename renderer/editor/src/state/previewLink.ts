import type { PreviewCommand } from '../../../../core/preview';
import type { PageMeta } from '../../../../core/schemas';
import { declaredFeed } from '../../../../core/rules/feedPolicy';
import { call, errorMessage, onPreviewEvent } from '../api';
import { toast } from './toasts';
import type { EditorDocument } from './document';
import { linksActive } from './previewMode';

export const postToPreview = (command: PreviewCommand): void => {
  call('postToPreview', command).catch((error: unknown) => console.error('Preview update failed', error));
};

/** Tells the preview (and, in Electron, main's navigation gate) whether links may be followed, and from where. */
export const EMPTY_PAGE_ASSETS: PreviewCommand = {
  type: 'pageAssets',
  stylesheets: [],
  customStyles: '',
  scripts: [],
  customScripts: '',
};

const PAGE_ASSET_FIELDS = ['stylesheets', 'customStyles', 'scripts', 'customScripts'] as const;

/** The page's styles and scripts, which run only in the preview. */
function sendPageAssets(meta: PageMeta): void {
  postToPreview({
    type: 'pageAssets',
    stylesheets: meta.stylesheets,
    customStyles: meta.customStyles,
    scripts: meta.scripts,
    customScripts: meta.customScripts,
  });
}

export function sendLinks(doc: EditorDocument): void {
  postToPreview({ type: 'links', active: linksActive(), base: doc.meta.pageLinks.uat.desktop || null });
}

export const PREVIEW_RETURNED_NOTICE =
  'A script in the preview tried to leave the page while Links in Preview is Inactive; the preview stays on the page.';
const RETURN_NOTICE_EVERY_MS = 10_000;

/** Everything the preview shows of the page: sent whole when the page opens and whenever the preview (re)loads. */
async function sendPage(doc: EditorDocument): Promise<void> {
  postToPreview({ type: 'reset', components: doc.components() });
  postToPreview({ type: 'select', id: doc.openId });
  sendPageAssets(doc.meta);
  sendLinks(doc);
  const settings = await call('getSettings', {}).catch(() => null);
  // null asks the preview to detect WebP support once; the answer comes back as a webpSupport event.
  postToPreview({ type: 'settings', webpSupported: settings?.webpSupport ?? null });
}

/** The document whose page went to the preview before its editor was shown; linkPreview then sends it no more. */
let handedOver: EditorDocument | null = null;

/**
 * Hands the page just fetched to the preview at once, so the preview loads the page's component chunks and
 * renders it while the editor mounts, rather than after. The editor that shows `doc` next links to the
 * preview without sending it again.
 */
export function handPageToPreview(doc: EditorDocument): void {
  handedOver = doc;
  void sendPage(doc);
}

/**
 * The editor's side of the preview conversation: the whole page when the preview (re)loads, feeds fetched
 * through main on the preview's behalf, WebP support kept in settings, and clicks on blocks.
 */
export function linkPreview(doc: EditorDocument, onBlockClicked: (id: string) => void): () => void {
  // The preview names a block; the block comes from this page, never from the preview, and main reads only
  // the feed the block declares.
  const answerFeed = async (blockId: string) => {
    if (!doc.order.includes(blockId)) return;
    const component = doc.component(blockId);
    const declared = declaredFeed(component) ?? '';
    try {
      const { data } = await call('fetchFeed', { component });
      postToPreview({ type: 'feed', blockId, url: declared, data });
    } catch (error) {
      postToPreview({ type: 'feed', blockId, url: declared, error: errorMessage(error) });
    }
  };

  let returnNoticeAt = -Infinity;
  if (handedOver === doc) handedOver = null;
  else void sendPage(doc);
  // Scripts run again only when the styles or scripts themselves change, not on every metadata keystroke.
  let sentMeta = doc.meta;
  const stopMeta = doc.store.sub(doc.metaAtom, () => {
    const meta = doc.meta;
    if (PAGE_ASSET_FIELDS.some((field) => meta[field] !== sentMeta[field])) sendPageAssets(meta);
    if (meta.pageLinks.uat.desktop !== sentMeta.pageLinks.uat.desktop) sendLinks(doc);
    sentMeta = meta;
  });
  const stopEvents = onPreviewEvent((event) => {
    switch (event.type) {
      case 'ready':
        void sendPage(doc);
        break;
      case 'select':
        if (doc.order.includes(event.id)) onBlockClicked(event.id);
        break;
      case 'requestFeed':
        void answerFeed(event.blockId);
        break;
      case 'previewReturned':
        // A page script may try again and again: one notice in a while is enough.
        if (Date.now() - returnNoticeAt > RETURN_NOTICE_EVERY_MS) {
          returnNoticeAt = Date.now();
          toast(PREVIEW_RETURNED_NOTICE, 'info');
        }
        break;
      case 'webpSupport':
        postToPreview({ type: 'settings', webpSupported: event.supported });
        void call('updateSettings', { webpSupport: event.supported }).catch(() => undefined);
        break;
    }
  });
  return () => {
    stopMeta();
    stopEvents();
  };
}
