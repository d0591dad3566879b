import { useAtomValue } from 'jotai';
import { call } from '../api';
import { useDoc } from '../state/docContext';
import { useLinksActive, usePreviewMode } from '../state/previewMode';
import { sendLinks } from '../state/previewLink';
import { toast } from '../state/toasts';
import { Tooltip } from '../ui/Tooltip';

const PAGE_LINKS = [
  ['UAT Desktop', 'uat', 'desktop'],
  ['UAT Mobile', 'uat', 'mobile'],
  ['Live Desktop', 'live', 'desktop'],
  ['Live Mobile', 'live', 'mobile'],
] as const;

/** The Links in Preview toggle and the way back to the page after a followed link. */
export function PreviewLinksControls() {
  const doc = useDoc();
  const [active, setActive] = useLinksActive();
  return (
    <>
      <button
        type="button"
        aria-pressed={active}
        className={active ? 'selected' : ''}
        onClick={() => {
          setActive(!active);
          // Read by sendLinks from the store, which the setter has already updated.
          sendLinks(doc);
        }}
      >
        Links in Preview: {active ? 'Active' : 'Inactive'}
      </button>
      <Tooltip content="Show the page again after following a link">
        <button type="button" onClick={() => void call('reloadPreview', {})}>
          Back to page
        </button>
      </Tooltip>
    </>
  );
}

/** In preview mode: the page's preview links from the options panel (editor spec §2). */
export function PreviewModeBar() {
  const doc = useDoc();
  const [previewMode] = usePreviewMode();
  const links = useAtomValue(doc.metaAtom).pageLinks;
  if (!previewMode) return null;
  return (
    <section className="preview-mode-bar" aria-label="Preview links">
      {PAGE_LINKS.map(([label, env, device]) => {
        const url = links[env][device];
        return (
          <div key={label} className="preview-link">
            <span className="preview-link-label">{label}</span>
            {url ? <code>{url}</code> : <span className="muted">not set (Options)</span>}
            {url && (
              <button
                type="button"
                aria-label={`Copy ${label} link`}
                onClick={() =>
                  void navigator.clipboard.writeText(url).then(() => toast('Link copied to Clipboard.', 'success', 750))
                }
              >
                Copy
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
