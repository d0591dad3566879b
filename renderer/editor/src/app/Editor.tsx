import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';
import {
  ArrowLeft,
  CircleAlert,
  CircleCheck,
  Ellipsis,
  Eye,
  FileCode,
  History as HistoryIcon,
  Keyboard,
  Link,
  LoaderCircle,
  Paintbrush,
  PanelLeftClose,
  PanelLeftOpen,
  Plus,
  Rocket,
  Redo2,
  Search,
  Settings,
  Undo2,
} from 'lucide-react';
import { atom, Provider, useAtomValue, type PrimitiveAtom } from 'jotai';
import { DASHBOARD_PATH, navigate } from '../router';
import { autosaveOf, type AutosaveState } from '../state/autosave';
import { useAutosaveAnnouncements } from '../ui/Announcer';
import { DocContext, useDoc } from '../state/docContext';
import { EMPTY_PAGE_ASSETS, linkPreview, postToPreview } from '../state/previewLink';
import { usePreviewMode } from '../state/previewMode';
import type { EditorDocument } from '../state/document';
import { AddComponentDialog } from './AddComponentDialog';
import { ComponentList } from './ComponentList';
import { focusRow } from './focusRow';
import { Header } from './Header';
import { editingTitle } from '../ui/screen';
import { LeaveDialog } from './LeaveDialog';
import { useOptionsOpen } from './optionsOpen';
import { PreviewSurface } from './PreviewSurface';
import { SaveDialog } from './SaveDialog';
import { toastError } from '../ui/Toasts';
import { LinkGeneratorDialog } from '../links/LinkGeneratorDialog';
import { ScriptManagerDialog } from '../assets/ScriptManagerDialog';
import { StylesManagerDialog } from '../assets/StylesManagerDialog';
import { QueryBuilderDialog } from '../querybuilder/QueryBuilderDialog';
import { HistoryDialog } from '../history/HistoryDialog';
import { EditorGoLiveDialog } from '../live/GoLiveDialog';
import { CountryHeader } from '../multi/CountryHeader';
import { OverwrittenDialog } from '../multi/OverwrittenDialog';
import { ReviewBar } from '../multi/ReviewBar';
import { ReviewSaveDialog } from '../multi/ReviewSaveDialog';
import { TranslateButton } from '../multi/TranslateButton';
import type { MultiCountrySession } from '../multi/session';
import type { CountryCode } from '../../../../core/countries';
import { EDITING } from '../../../../core/rules/review';
import { withQueryInserted } from '../../../../core/rules/insertIntoComponent';
import type { Component } from '../../../../core/schemas';
import { ShortcutsDialog, useEditorShortcuts } from './shortcuts';
import { redoStep, undoStep } from './undoRedo';
import { PageContext } from './Header';
import { PANEL_MAX_SHARE, PANEL_MIN_WIDTH_PX, usePanelWidth } from './panelWidth';
import { ReasonTooltip, Tooltip } from '../ui/Tooltip';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu';
import { ColleagueSavedNotice, PresenceBanner, ReadOnlyBanner } from '../team/EditorTeamBanners';
import { permissionsAtom, useEditingRefusals, useTeamValue } from '../state/teamStore';
import { isReadOnly, mayPublish } from '../../../../core/rules/editingRights';
import { PendingConflictDialog } from '../team/PendingConflictDialog';
import { lazyPart } from '../ui/LazyPart';

// The page's options (its metadata and the whole list as JSON) load when first shown.
const OptionsPanel = lazyPart(() => import('./OptionsPanel').then((module) => module.OptionsPanel), {
  what: 'page options',
  layout: 'field',
});

const AUTOSAVE_LABELS: Record<AutosaveState['status'], string> = {
  saved: 'Draft saved',
  pending: 'Unsaved draft…',
  saving: 'Saving draft…',
  failed: 'Draft not saved',
};

function UndoRedo() {
  const doc = useDoc();
  const nextUndo = useAtomValue(doc.nextUndoAtom);
  const nextRedo = useAtomValue(doc.nextRedoAtom);
  return (
    <>
      <Tooltip content={nextUndo ? `Undo: ${nextUndo}` : 'Nothing to undo'}>
        <button
          type="button"
          className="quiet icon-button"
          aria-label="Undo"
          aria-disabled={!nextUndo}
          onClick={() => undoStep(doc)}
        >
          <Undo2 size={18} aria-hidden />
        </button>
      </Tooltip>
      <Tooltip content={nextRedo ? `Redo: ${nextRedo}` : 'Nothing to redo'}>
        <button
          type="button"
          className="quiet icon-button"
          aria-label="Redo"
          aria-disabled={!nextRedo}
          onClick={() => redoStep(doc)}
        >
          <Redo2 size={18} aria-hidden />
        </button>
      </Tooltip>
    </>
  );
}

const AUTOSAVE_ICONS: Record<AutosaveState['status'], typeof CircleCheck> = {
  saved: CircleCheck,
  pending: LoaderCircle,
  saving: LoaderCircle,
  failed: CircleAlert,
};

function AutosaveStatus({ stateAtom }: { stateAtom: PrimitiveAtom<AutosaveState> }) {
  const state = useAtomValue(stateAtom);
  const dirty = useAtomValue(useDoc().dirtyAtom);
  const label =
    state.status === 'failed' ? `${AUTOSAVE_LABELS.failed}: ${state.message}` : AUTOSAVE_LABELS[state.status];
  const Icon = AUTOSAVE_ICONS[state.status];
  useAutosaveAnnouncements(state);
  return (
    // Not a live region: it changes with every edit. useAutosaveAnnouncements says what matters.
    <span className={`autosave autosave-${state.status}`}>
      <Icon size={16} aria-hidden className="autosave-icon" />
      {label}
      {dirty && state.status === 'saved' ? ' (not yet saved to UAT)' : ''}
    </span>
  );
}

const NO_REVIEW = atom(EDITING);

/** The dialog the editor has open: one at a time. */
type EditorDialog =
  | 'addComponent'
  | 'save'
  | 'reviewSave'
  | 'leave'
  | 'shortcuts'
  | 'links'
  | 'query'
  | 'styles'
  | 'scripts'
  | 'history'
  | 'goLive';

/**
 * What the editor shows: preview mode and review mode (multi-country) take the whole width, and the components
 * panel, collapsed or not, comes back as it was when they end.
 */
interface EditorMode {
  readonly previewing: boolean;
  readonly reviewing: boolean;
  readonly panelCollapsed: boolean;
  /** Neither previewing nor reviewing: the panel has its place (it may be collapsed in it). */
  readonly panelShown: boolean;
}

const editorMode = (previewing: boolean, reviewing: boolean, panelCollapsed: boolean): EditorMode => ({
  previewing,
  reviewing,
  panelCollapsed,
  panelShown: !previewing && !reviewing,
});

const PANEL_ID = 'components-panel';

const NO_COUNTRIES: readonly CountryCode[] = [];

/** The countries a structural edit here reaches as well: the others of a multi-country page, from its primary. */
function followersOf(multi: MultiCountrySession | undefined, country: CountryCode): readonly CountryCode[] {
  if (!multi || country !== multi.primary) return NO_COUNTRIES;
  // The primary comes first.
  return multi.countries.slice(1);
}

/**
 * The page editor (editor spec §2): a collapsible panel of components beside the live preview. With `multi`,
 * one country of a page edited in several (multi-country mode): the header shows the country, REVIEW PAGES
 * replaces SAVE CONTENT, and leaving is not blocked.
 */
export function Editor({ doc, multi }: { doc: EditorDocument; multi?: MultiCountrySession }) {
  // The status lives in its own atom so a keystroke re-renders the status line, not the editor.
  const { autosave, stateAtom: autosaveStateAtom } = autosaveOf(doc);
  const panel = usePanelRef();
  const workspace = useRef<HTMLDivElement>(null);
  const panelWidth = usePanelWidth();
  const [panelCollapsed, setPanelCollapsed] = useState(false);
  const [previewing, setPreviewing] = usePreviewMode();
  // Leaving the page leaves preview mode too.
  useEffect(() => () => setPreviewing(false), [setPreviewing]);
  const reviewing = useAtomValue(multi?.reviewAtom ?? NO_REVIEW, { store: multi?.store }).mode === 'reviewing';
  const mode = editorMode(previewing, reviewing, panelCollapsed);
  const togglePanel = () => (panel.current?.isCollapsed() ? panel.current.expand() : panel.current?.collapse());
  const [optionsOpen, setOptionsOpen] = useOptionsOpen(doc);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  // The list of shortcuts (`?`) opens over the editor, not over another dialog.
  const showShortcuts = useCallback(() => setDialog((open) => open ?? 'shortcuts'), []);
  useEditorShortcuts(doc, showShortcuts);
  // What the user's roles refuse on this country's page (issue 22 §2): every control below reads it from doc.
  const followers = useMemo(() => followersOf(multi, doc.key.country), [multi, doc.key.country]);
  const refusals = useEditingRefusals(doc.key, followers);
  useLayoutEffect(() => doc.setRefusals(refusals), [doc, refusals]);
  // doc.whyNotAddOrRemove reads them there: render again once they are set.
  useAtomValue(doc.refusalsAtom, { store: doc.store });
  const readOnly = isReadOnly(refusals);
  // Go live (issue 24) is offered only to users who may publish here: without it the button is absent. The
  // multi-country toolbar has no room for it; each country's page goes live from its dashboard row.
  const offerGoLive = !multi && mayPublish(useTeamValue(permissionsAtom), doc.key);
  const addRefusal = doc.whyNotAddOrRemove(
    'Components are added on the primary country, and to every country at once.',
  );
  /** A dialog's open and onOpenChange: closing it leaves alone another dialog opened since. */
  const dialogProps = (which: EditorDialog) => ({
    open: dialog === which,
    onOpenChange: (open: boolean) => setDialog((current) => (open ? which : current === which ? null : current)),
  });
  const insertIntoOpen = (insert: (component: Component) => Component) => {
    const id = doc.openId;
    if (id) doc.updateComponent(id, insert);
    else toastError('Open a component first: the insert goes into the open component.');
  };
  const insertQuery = (query: string) => insertIntoOpen((component) => withQueryInserted(component, query));

  useEffect(() => {
    doc.connect({ preview: postToPreview, changed: () => autosave.schedule(), refused: toastError });
    const stopEvents = linkPreview(doc, (id) => {
      panel.current?.expand();
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
  }, [doc, autosave, multi, panel]);

  const leave = async () => {
    if (multi) {
      // Spec §2: in multi-country mode leaving is not blocked; every country's draft is written first.
      await multi.flushDrafts();
      navigate(DASHBOARD_PATH);
      return;
    }
    await autosave.flush();
    if (doc.dirty) setDialog('leave');
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
              <>
                <Tooltip content="Back to the dashboard">
                  <button type="button" className="quiet icon-button" aria-label="Back" onClick={() => void leave()}>
                    <ArrowLeft size={18} aria-hidden />
                  </button>
                </Tooltip>
                <Tooltip content={mode.panelCollapsed ? 'Show the components panel' : 'Hide the components panel'}>
                  <button
                    type="button"
                    className="quiet icon-button"
                    aria-label={mode.panelCollapsed ? 'Expand panel' : 'Collapse panel'}
                    aria-controls={PANEL_ID}
                    aria-expanded={mode.panelShown && !mode.panelCollapsed}
                    disabled={!mode.panelShown}
                    onClick={togglePanel}
                  >
                    {mode.panelCollapsed ? (
                      <PanelLeftOpen size={18} aria-hidden />
                    ) : (
                      <PanelLeftClose size={18} aria-hidden />
                    )}
                  </button>
                </Tooltip>
              </>
            }
            context={<PageContext pageKey={doc.key} withCountry={!multi} />}
          >
            {multi && <CountryHeader session={multi} country={doc.key.country} />}
            <AutosaveStatus stateAtom={autosaveStateAtom} />
            <button
              type="button"
              className="header-toggle"
              aria-pressed={mode.previewing}
              onClick={() => setPreviewing(!mode.previewing)}
            >
              <Eye size={16} aria-hidden />
              Preview mode
            </button>
          </Header>
          {readOnly && <ReadOnlyBanner refusal={refusals.edit!} />}
          <PresenceBanner pageKey={doc.key} />
          <ColleagueSavedNotice />
          <main className="workspace">
            <Group
              className="workspace-panels"
              elementRef={workspace}
              onLayoutChanged={(layout, meta) => {
                // The layout is in percent of the panels' room (the workspace less the resizer); the width is
                // kept in pixels, so it stays the same in any window.
                const share = layout[PANEL_ID];
                const room = workspace.current
                  ? workspace.current.clientWidth -
                    (workspace.current.querySelector('.panel-resizer')?.clientWidth ?? 0)
                  : 0;
                if (meta.isUserInteraction && share && room) panelWidth.remember((share / 100) * room);
              }}
            >
              {mode.panelShown && (
                <Panel
                  id={PANEL_ID}
                  panelRef={panel}
                  className="panel-frame"
                  defaultSize={panelWidth.initial}
                  minSize={PANEL_MIN_WIDTH_PX}
                  maxSize={`${PANEL_MAX_SHARE * 100}%`}
                  collapsible
                  collapsedSize={0}
                  groupResizeBehavior="preserve-pixel-size"
                  onResize={(size) => setPanelCollapsed(size.inPixels === 0)}
                >
                  <aside className="panel" aria-label="Page components" hidden={mode.panelCollapsed}>
                    <div className="editor-toolbar" role="toolbar" aria-label="Page actions">
                      <div className="toolbar-group">
                        {multi ? (
                          <button type="button" className="primary" onClick={() => void multi.review('start')}>
                            REVIEW PAGES
                          </button>
                        ) : (
                          <ReasonTooltip reason={readOnly ? refusals.edit : null}>
                            <button
                              type="button"
                              className="primary"
                              aria-disabled={readOnly}
                              onClick={() => !readOnly && setDialog('save')}
                            >
                              SAVE CONTENT
                            </button>
                          </ReasonTooltip>
                        )}
                        <Tooltip content={addRefusal ?? 'Add a component to the end of the page'}>
                          <button
                            type="button"
                            className="secondary"
                            aria-disabled={addRefusal !== undefined}
                            onClick={() => addRefusal === undefined && setDialog('addComponent')}
                          >
                            <Plus size={16} aria-hidden />
                            Add Component
                          </button>
                        </Tooltip>
                        {multi && <TranslateButton session={multi} />}
                        {offerGoLive && (
                          <Tooltip content="Put a saved version of this page live">
                            <button type="button" className="secondary" onClick={() => setDialog('goLive')}>
                              <Rocket size={16} aria-hidden />
                              Go live
                            </button>
                          </Tooltip>
                        )}
                      </div>
                      <div className="toolbar-group">
                        <UndoRedo />
                        <Tooltip content="Version history">
                          <button
                            type="button"
                            className="quiet icon-button"
                            aria-label="History"
                            onClick={() => setDialog('history')}
                          >
                            <HistoryIcon size={18} aria-hidden />
                          </button>
                        </Tooltip>
                        <Tooltip content="Page options">
                          <button
                            type="button"
                            className="quiet icon-button"
                            aria-label="Options"
                            aria-expanded={optionsOpen}
                            onClick={() => setOptionsOpen((open) => !open)}
                          >
                            <Settings size={18} aria-hidden />
                          </button>
                        </Tooltip>
                        <Menu
                          label="More actions"
                          trigger={
                            <button type="button" className="quiet icon-button" aria-label="More actions">
                              <Ellipsis size={18} aria-hidden />
                            </button>
                          }
                        >
                          <MenuItem icon={<Link size={16} />} onSelect={() => setDialog('links')}>
                            Link Generators
                          </MenuItem>
                          <MenuItem icon={<Search size={16} />} onSelect={() => setDialog('query')}>
                            Query Builder
                          </MenuItem>
                          <MenuSeparator />
                          <MenuItem icon={<Paintbrush size={16} />} onSelect={() => setDialog('styles')}>
                            Styles manager
                          </MenuItem>
                          <MenuItem icon={<FileCode size={16} />} onSelect={() => setDialog('scripts')}>
                            Script manager
                          </MenuItem>
                          <MenuSeparator />
                          <MenuItem icon={<Keyboard size={16} />} onSelect={() => setDialog('shortcuts')}>
                            Keyboard shortcuts
                          </MenuItem>
                        </Menu>
                      </div>
                    </div>
                    {optionsOpen && <OptionsPanel />}
                    <ComponentList />
                  </aside>
                </Panel>
              )}
              {mode.panelShown && <Separator className="panel-resizer" aria-label="Resize the components panel" />}
              <Panel id="preview" className="preview-frame" minSize={320}>
                <PreviewSurface
                  banner={
                    multi && (
                      <ReviewBar session={multi} fascia={doc.key.fascia} onSave={() => setDialog('reviewSave')} />
                    )
                  }
                />
              </Panel>
            </Group>
          </main>
          <AddComponentDialog {...dialogProps('addComponent')} />
          {multi ? (
            <>
              <ReviewSaveDialog session={multi} {...dialogProps('reviewSave')} />
              <OverwrittenDialog session={multi} />
            </>
          ) : (
            <SaveDialog {...dialogProps('save')} />
          )}
          <LeaveDialog {...dialogProps('leave')} />
          <PendingConflictDialog />
          <ShortcutsDialog {...dialogProps('shortcuts')} />
          <StylesManagerDialog {...dialogProps('styles')} />
          <ScriptManagerDialog {...dialogProps('scripts')} />
          <HistoryDialog {...dialogProps('history')} />
          <EditorGoLiveDialog {...dialogProps('goLive')} />
          <LinkGeneratorDialog
            {...dialogProps('links')}
            fascia={doc.key.fascia}
            country={doc.key.country}
            onInsertQuery={insertQuery}
          />
          <QueryBuilderDialog
            {...dialogProps('query')}
            fascia={doc.key.fascia}
            country={doc.key.country}
            onInsert={insertQuery}
          />
        </div>
      </DocContext.Provider>
    </Provider>
  );
}
