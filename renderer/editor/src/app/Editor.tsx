import { useEffect, useState } from 'react';
import { atom, Provider, useAtomValue, type PrimitiveAtom } from 'jotai';
import { brandName } from '../../../../core/fascias';
import { countryName } from '../../../../core/countries';
import { DASHBOARD_PATH, navigate } from '../router';
import { autosaveOf, type AutosaveState } from '../state/autosave';
import { useAutosaveAnnouncements } from '../components/Announcer';
import { DocContext, useDoc } from '../state/docContext';
import { EMPTY_PAGE_ASSETS, linkPreview, postToPreview } from '../state/previewLink';
import { usePreviewMode } from '../state/previewMode';
import type { EditorDocument } from '../state/document';
import { AddComponentDialog } from './AddComponentDialog';
import { ComponentList } from './ComponentList';
import { focusRow } from './focusRow';
import { Header } from './Header';
import { editingTitle } from '../components/screen';
import { LeaveDialog } from './LeaveDialog';
import { OptionsPanel, useOptionsOpen } from './OptionsPanel';
import { PreviewSurface } from './PreviewSurface';
import { SaveDialog } from './SaveDialog';
import { toastError } from '../components/Toasts';
import { LinkGeneratorDialog } from '../links/LinkGeneratorDialog';
import { ScriptManagerDialog } from '../assets/ScriptManagerDialog';
import { StylesManagerDialog } from '../assets/StylesManagerDialog';
import { QueryBuilderDialog } from '../querybuilder/QueryBuilderDialog';
import { HistoryDialog } from '../history/HistoryDialog';
import { CountryHeader } from '../multi/CountryHeader';
import { OverwrittenDialog } from '../multi/OverwrittenDialog';
import { ReviewBar } from '../multi/ReviewBar';
import { ReviewSaveDialog } from '../multi/ReviewSaveDialog';
import { TranslateButton } from '../multi/TranslateButton';
import type { MultiCountrySession } from '../multi/session';
import { EDITING } from '../../../../core/rules/review';
import { withQueryInserted } from '../../../../core/rules/insertIntoComponent';
import type { Component } from '../../../../core/schemas';
import { ShortcutsDialog, useEditorShortcuts } from './shortcuts';
import { ColleagueSavedNotice, PresenceBanner } from '../team/EditorTeamBanners';
import { PendingConflictDialog } from '../team/PendingConflictDialog';

const AUTOSAVE_LABELS: Record<AutosaveState['status'], string> = {
  saved: 'Draft saved',
  pending: 'Unsaved draft…',
  saving: 'Saving draft…',
  failed: 'Draft not saved',
};

function UndoRedo() {
  const doc = useDoc();
  const canUndo = useAtomValue(doc.canUndoAtom);
  const canRedo = useAtomValue(doc.canRedoAtom);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Undo"
        title="Undo"
        disabled={!canUndo}
        onClick={() => doc.undo()}
      >
        ↶
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Redo"
        title="Redo"
        disabled={!canRedo}
        onClick={() => doc.redo()}
      >
        ↷
      </button>
    </>
  );
}

function AutosaveStatus({ stateAtom }: { stateAtom: PrimitiveAtom<AutosaveState> }) {
  const state = useAtomValue(stateAtom);
  const dirty = useAtomValue(useDoc().dirtyAtom);
  const label =
    state.status === 'failed' ? `${AUTOSAVE_LABELS.failed}: ${state.message}` : AUTOSAVE_LABELS[state.status];
  useAutosaveAnnouncements(state);
  return (
    // Not a live region: it changes with every edit. useAutosaveAnnouncements says what matters.
    <span className={`autosave autosave-${state.status}`}>
      {label}
      {dirty && state.status === 'saved' ? ' (not yet saved to UAT)' : ''}
    </span>
  );
}

const NO_REVIEW = atom(EDITING);

/**
 * The page editor (editor spec §2): a collapsible panel of components beside the live preview. With `multi`,
 * one country of a page edited in several (multi-country mode): the header shows the country, REVIEW PAGES
 * replaces SAVE CONTENT, and leaving is not blocked.
 */
export function Editor({ doc, multi }: { doc: EditorDocument; multi?: MultiCountrySession }) {
  // The status lives in its own atom so a keystroke re-renders the status line, not the editor.
  const { autosave, stateAtom: autosaveStateAtom } = autosaveOf(doc);
  const [panelOpen, setPanelOpen] = useState(true);
  const [previewMode, setPreviewMode] = usePreviewMode();
  // Leaving the page leaves preview mode too.
  useEffect(() => () => setPreviewMode(false), [setPreviewMode]);
  const reviewing = useAtomValue(multi?.reviewAtom ?? NO_REVIEW, { store: multi?.store }).mode === 'reviewing';
  const showPanel = panelOpen && !previewMode && !reviewing;
  const [optionsOpen, setOptionsOpen] = useOptionsOpen(doc);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useEditorShortcuts(doc);
  const [linksOpen, setLinksOpen] = useState(false);
  const [queryOpen, setQueryOpen] = useState(false);
  const [stylesOpen, setStylesOpen] = useState(false);
  const [scriptsOpen, setScriptsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reviewSaving, setReviewSaving] = useState(false);
  const insertIntoOpen = (insert: (component: Component) => Component) => {
    const id = doc.openId;
    if (id) doc.updateComponent(id, insert);
    else toastError('Open a component first: the insert goes into the open component.');
  };
  const insertQuery = (query: string) => insertIntoOpen((component) => withQueryInserted(component, query));

  useEffect(() => {
    doc.connect({ preview: postToPreview, changed: () => autosave.schedule(), refused: toastError });
    const stopEvents = linkPreview(doc, (id) => {
      setPanelOpen(true);
      doc.setOpen(id);
      focusRow(id);
    });
    const warnBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!multi && doc.dirty) event.preventDefault();
    };
    // Closing or reloading within the autosave's pause still writes the draft: nothing typed is lost.
    const writeDraftsNow = () => void (multi ? multi.flushDrafts() : autosave.flush());
    window.addEventListener('beforeunload', warnBeforeUnload);
    window.addEventListener('pagehide', writeDraftsNow);
    return () => {
      stopEvents();
      window.removeEventListener('beforeunload', warnBeforeUnload);
      window.removeEventListener('pagehide', writeDraftsNow);
      void autosave.flush();
      // Not shown any more, still autosaved: in multi-country editing the other countries change it too.
      doc.connect({ changed: () => autosave.schedule() });
      postToPreview({ type: 'reset', components: [] });
      postToPreview(EMPTY_PAGE_ASSETS);
    };
  }, [doc, autosave, multi]);

  const leave = async () => {
    if (multi) {
      // Spec §2: in multi-country mode leaving is not blocked; every country's draft is written first.
      await multi.flushDrafts();
      navigate(DASHBOARD_PATH);
      return;
    }
    await autosave.flush();
    if (doc.dirty) setLeaving(true);
    else navigate(DASHBOARD_PATH);
  };

  return (
    <Provider store={doc.store}>
      <DocContext.Provider value={doc}>
        <div className="editor">
          <Header
            title={doc.key.page}
            windowTitle={editingTitle(doc.key)}
            before={
              <button
                type="button"
                className="icon-button"
                aria-label="Back"
                title="Back to the dashboard"
                onClick={() => void leave()}
              >
                ←
              </button>
            }
          >
            {multi && <CountryHeader session={multi} country={doc.key.country} />}
            <span className="page-id">
              {brandName(doc.key.fascia)} · {countryName(doc.key.country)} · {doc.key.platform}
            </span>
            <AutosaveStatus stateAtom={autosaveStateAtom} />
            <button
              type="button"
              className="header-toggle"
              aria-pressed={previewMode}
              onClick={() => setPreviewMode(!previewMode)}
            >
              Preview mode
            </button>
          </Header>
          <PresenceBanner pageKey={doc.key} />
          <ColleagueSavedNotice />
          <main className={showPanel ? 'workspace' : 'workspace panel-closed'}>
            <aside className="panel" aria-label="Page components" hidden={!showPanel}>
              <div className="panel-actions">
                <button
                  type="button"
                  className="primary"
                  disabled={!doc.canAddOrRemove}
                  title={
                    doc.canAddOrRemove
                      ? undefined
                      : 'Components are added on the primary country, and to every country at once.'
                  }
                  onClick={() => setAdding(true)}
                >
                  Add Component
                </button>
                {multi ? (
                  <button type="button" className="primary" onClick={() => void multi.review('start')}>
                    REVIEW PAGES
                  </button>
                ) : (
                  <button type="button" className="primary" onClick={() => setSaving(true)}>
                    SAVE CONTENT
                  </button>
                )}
                <UndoRedo />
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Keyboard shortcuts"
                  title="Keyboard shortcuts (?)"
                  onClick={() => setShortcutsOpen(true)}
                >
                  ?
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Options"
                  aria-expanded={optionsOpen}
                  title="Options"
                  onClick={() => setOptionsOpen((open) => !open)}
                >
                  ⚙
                </button>
              </div>
              <div className="panel-tools">
                <button type="button" onClick={() => setLinksOpen(true)}>
                  Link Generators
                </button>
                <button type="button" onClick={() => setQueryOpen(true)}>
                  Query Builder
                </button>
                <button type="button" onClick={() => setStylesOpen(true)}>
                  Styles manager
                </button>
                <button type="button" onClick={() => setScriptsOpen(true)}>
                  Script manager
                </button>
                <button type="button" onClick={() => setHistoryOpen(true)}>
                  History
                </button>
                {multi && <TranslateButton session={multi} />}
              </div>
              {optionsOpen && <OptionsPanel />}
              <ComponentList />
            </aside>
            <button
              type="button"
              className="panel-toggle"
              aria-label={showPanel ? 'Collapse panel' : 'Expand panel'}
              aria-expanded={showPanel}
              disabled={previewMode || reviewing}
              onClick={() => setPanelOpen((open) => !open)}
            >
              {showPanel ? '◀' : '▶'}
            </button>
            <PreviewSurface
              banner={
                multi && <ReviewBar session={multi} fascia={doc.key.fascia} onSave={() => setReviewSaving(true)} />
              }
            />
          </main>
          <AddComponentDialog open={adding} onOpenChange={setAdding} />
          {multi ? (
            <>
              <ReviewSaveDialog session={multi} open={reviewSaving} onOpenChange={setReviewSaving} />
              <OverwrittenDialog session={multi} />
            </>
          ) : (
            <SaveDialog open={saving} onOpenChange={setSaving} />
          )}
          <LeaveDialog open={leaving} onOpenChange={setLeaving} />
          <PendingConflictDialog />
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
          <StylesManagerDialog open={stylesOpen} onOpenChange={setStylesOpen} />
          <ScriptManagerDialog open={scriptsOpen} onOpenChange={setScriptsOpen} />
          <HistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
          <LinkGeneratorDialog
            open={linksOpen}
            onOpenChange={setLinksOpen}
            fascia={doc.key.fascia}
            country={doc.key.country}
            onInsertQuery={insertQuery}
          />
          <QueryBuilderDialog
            open={queryOpen}
            onOpenChange={setQueryOpen}
            fascia={doc.key.fascia}
            country={doc.key.country}
            onInsert={insertQuery}
          />
        </div>
      </DocContext.Provider>
    </Provider>
  );
}
