import { useEffect, useMemo, useState } from 'react';
import { Lock } from 'lucide-react';
import { bookmarkFor } from '../../../../core/rules/page';
import { TimeStamp } from '../ui/TimeStamp';
import type { PageKey } from '../../../../core/schemas';
import { errorMessage } from '../api';
import { DiffWithCurrent } from '../history/DiffView';
import { reloadTheirs } from '../history/reloadTheirs';
import { SavedVersion } from '../history/SavedVersion';
import { useDoc } from '../state/docContext';
import { toastError } from '../ui/Toasts';
import {
  colleagueSavesAtom,
  colleaguesOn,
  forgetColleagueSave,
  holdPagesOpen,
  presenceAtom,
  reloadRequestsAtom,
  takeReloadRequest,
  useTeamValue,
} from '../state/teamStore';
import '../history/history.css';
import { FocusSentences } from './FieldPresence';
import { watchEditorActivity } from './focusReport';
import { listNames } from './listNames';
import './team.css';

/**
 * Tells main these pages are open while the calling view is shown (presence heartbeats); each country of a
 * multi-country page is a page of its own.
 */
export function useHoldPagesOpen(keys: readonly PageKey[]): void {
  const identity = keys.map(bookmarkFor).join('\n');
  // Keyed by the identity: the same pages in a new array keep their presence (no closed/open flicker).
  const pages = useMemo(() => keys, [identity]);
  useEffect(() => holdPagesOpen(pages, toastError), [pages]);
  // While a page is open, keys and the pointer say the editor is not idle (field-level presence).
  useEffect(() => watchEditorActivity(), []);
}

/** While colleagues have the page open too, a banner names them. */
export function PresenceBanner({ pageKey }: { pageKey: PageKey }) {
  const colleagues = colleaguesOn(useTeamValue(presenceAtom), pageKey);
  if (colleagues.length === 0) return null;
  // Where each colleague is editing changes often: beside the live region, not in it, so it is not announced.
  return (
    <div className="team-banner team-presence-banner">
      <div role="status" aria-label="Colleagues on this page">
        <p>
          <strong>{listNames(colleagues)}</strong> {colleagues.length === 1 ? 'has' : 'have'} this page open too. Saving
          over each other's work is caught, but talking first saves time.
        </p>
      </div>
      <FocusSentences />
    </div>
  );
}

/**
 * A page the user's roles do not let them change (issue 22 §2) opens read-only: the banner names the
 * permission they lack, in the words the server would refuse a save with.
 */
export function ReadOnlyBanner({ refusal }: { refusal: string }) {
  return (
    <div className="team-banner team-read-only-banner" role="status" aria-label="Read only">
      <Lock size={16} aria-hidden />
      <p>
        <strong>Read only.</strong> {refusal}
      </p>
    </div>
  );
}

/**
 * When a colleague saves the page open here, at once and before this editor saves: who, which version and
 * why, with the difference from the content here and their version one click away (as in the conflict UI).
 */
export function ColleagueSavedNotice() {
  const doc = useDoc();
  const bookmark = bookmarkFor(doc.key);
  const saved = useTeamValue(colleagueSavesAtom).get(bookmark);
  const requestedReload = useTeamValue(reloadRequestsAtom).get(bookmark);
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);

  // Reload theirs chosen in a pending save's conflict: carried out here, where Undo can take it back.
  useEffect(() => {
    const version = takeReloadRequest(bookmark);
    if (version === undefined) return;
    reloadTheirs(doc, version).catch((error: unknown) =>
      toastError(`Their version could not be loaded: ${errorMessage(error)} Your content is kept as the page's draft.`),
    );
  }, [doc, bookmark, requestedReload]);

  if (!saved) return null;

  const what = saved.kind === 'bookmark' ? 'a bookmark' : 'a new version';
  const reload = async () => {
    setBusy(true);
    try {
      if (await reloadTheirs(doc, saved.version)) {
        forgetColleagueSave(doc.key);
        setReviewing(false);
      }
    } catch (error) {
      toastError(`Their version could not be loaded: ${errorMessage(error)} Your changes are untouched.`);
    }
    setBusy(false);
  };

  return (
    <section className="team-banner team-saved-notice" role="alert" aria-label="Saved by a colleague">
      <p>
        <strong>{saved.author}</strong> saved {what} of this page (version {saved.version}),{' '}
        <TimeStamp iso={saved.timestamp} />
        {saved.message ? <>: “{saved.message}”</> : '.'}
      </p>
      <p className="hint">
        Your changes are untouched. Saving now merges them with theirs and asks only about a field you both changed;
        Reload theirs puts their content here and keeps yours one Undo away.
      </p>
      <div className="conflict-actions">
        <button type="button" aria-expanded={reviewing} disabled={busy} onClick={() => setReviewing((shown) => !shown)}>
          Review difference
        </button>
        <button type="button" disabled={busy} onClick={() => void reload()}>
          Reload theirs
        </button>
        <button type="button" disabled={busy} onClick={() => forgetColleagueSave(doc.key)}>
          Dismiss
        </button>
      </div>
      {reviewing && (
        <div className="team-saved-review">
          <SavedVersion pageKey={doc.key} version={saved.version} label="Their version">
            {(theirs) => <DiffWithCurrent before={theirs.components} beforeLabel={`their version ${saved.version}`} />}
          </SavedVersion>
        </div>
      )}
    </section>
  );
}
