import { createContext, useContext, useEffect, useMemo, type FocusEvent, type ReactNode } from 'react';
import { atom, useAtomValue, type Atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { componentLabel } from '../../../../core/rules/displayNames';
import {
  editingSentence,
  fieldFocus,
  contentFieldLabel,
  focusFieldPath,
  initialsOf,
} from '../../../../core/rules/fieldFocus';
import { bookmarkFor } from '../../../../core/rules/page';
import type { Path } from '../../../../core/rules/paths';
import type { PresenceFocus } from '../../../../core/teamProtocol';
import { useDoc } from '../state/docContext';
import { presenceAtom, useTeamValue } from '../state/teamStore';
import { reportFocus, reportedFocus } from './focusReport';
import { listNames } from './listNames';
import './team.css';

/**
 * Field-level presence (issue 23 §3): where colleagues' focus is on the page open here, shown quietly (the
 * row's initials, a thin outline and a name tag on the field, a sentence in the presence banner), and where
 * this editor's focus is, reported to main. Nothing is locked: a colleague's field stays editable.
 */

export interface ColleagueFocus {
  user: string;
  focus: PresenceFocus;
}

const sameColleagues = (a: readonly ColleagueFocus[], b: readonly ColleagueFocus[]): boolean =>
  a.length === b.length &&
  a.every(
    (entry, i) =>
      entry.user === b[i]!.user &&
      entry.focus.component === b[i]!.focus.component &&
      entry.focus.field === b[i]!.focus.field,
  );

/** Colleagues with their focus on a page, by bookmark: one atom per page, shared by its rows and fields. */
const onPageAtoms = new Map<string, Atom<readonly ColleagueFocus[]>>();
function colleaguesOnPage(bookmark: string): Atom<readonly ColleagueFocus[]> {
  let found = onPageAtoms.get(bookmark);
  if (!found) {
    found = selectAtom(
      presenceAtom,
      (presence) =>
        presence.flatMap(({ user, pageKey, focus }) =>
          focus && bookmarkFor(pageKey) === bookmark ? [{ user, focus }] : [],
        ),
      sameColleagues,
    );
    onPageAtoms.set(bookmark, found);
  }
  return found;
}

/**
 * The colleagues on this page whose focus is in this component (in this field of it, with `field`); re-renders
 * only when that list changes.
 */
function useColleaguesFocused(component: string, field?: string): readonly ColleagueFocus[] {
  const bookmark = bookmarkFor(useDoc().key);
  const selected = useMemo(
    () =>
      selectAtom(
        colleaguesOnPage(bookmark),
        (colleagues) =>
          colleagues.filter(
            ({ focus }) => focus.component === component && (field === undefined || focus.field === field),
          ),
        sameColleagues,
      ),
    [bookmark, component, field],
  );
  return useTeamValue(selected);
}

/** The component whose content fields are rendered inside (null outside a component's form). */
const FocusComponentContext = createContext<string | null>(null);

/**
 * A component's content form: its fields show colleagues' focus, and a focus moving into one of them (or out of
 * them all) is reported for this page.
 */
export function FieldPresenceScope({ component, children }: { component: string; children: ReactNode }) {
  const doc = useDoc();
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const field = (event.target as Element).closest<HTMLElement>('[data-field-path]')?.dataset.fieldPath;
    reportFocus(doc.key, field ? fieldFocus(component, field) : null);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) reportFocus(doc.key, null);
  };
  // A form closed with the focus in it (the row folded, the page left) fires no blur.
  useEffect(
    () => () => {
      if (reportedFocus(doc.key)?.component === component) reportFocus(doc.key, null);
    },
    [doc, component],
  );
  return (
    <FocusComponentContext.Provider value={component}>
      <div className="field-presence-scope" onFocus={onFocus} onBlur={onBlur}>
        {children}
      </div>
    </FocusComponentContext.Provider>
  );
}

/**
 * One content field: marks where it is for focus reports, and while colleagues' focus is in it, shows a thin
 * outline and a tag with who, which its accessible description says as well. Outside a component's form
 * (FieldPresenceScope), the field alone.
 */
export function FieldPresence({ path, label, children }: { path: Path; label: string; children: ReactNode }) {
  const component = useContext(FocusComponentContext);
  if (component === null) return children;
  return (
    <FieldPresenceMark component={component} field={focusFieldPath(path)} label={label}>
      {children}
    </FieldPresenceMark>
  );
}

function FieldPresenceMark({
  component,
  field,
  label,
  children,
}: {
  component: string;
  field: string;
  label: string;
  children: ReactNode;
}) {
  const colleagues = useColleaguesFocused(component, field);
  const users = [...new Set(colleagues.map(({ user }) => user))];
  const marked = users.length > 0;
  const names = listNames(users);
  return (
    <div
      className={`field-presence${marked ? ' has-colleague' : ''}`}
      data-field-path={field}
      role={marked ? 'group' : undefined}
      aria-label={marked ? label : undefined}
      aria-description={marked ? `${names} ${users.length === 1 ? 'is' : 'are'} editing this field` : undefined}
    >
      {children}
      {marked && (
        <span className="field-presence-tag" aria-hidden>
          {names}
        </span>
      )}
    </div>
  );
}

/** A component's row: the initials of each colleague whose focus is in it, named for assistive technology. */
export function RowPresence({ component, title }: { component: string; title: string }) {
  const colleagues = useColleaguesFocused(component);
  if (colleagues.length === 0) return null;
  return (
    <span className="row-presence">
      {colleagues.map(({ user, focus }) => {
        const sentence = editingSentence(user, contentFieldLabel(focus.field), title);
        return (
          <span key={user} className="presence-initials" role="img" aria-label={sentence} title={sentence}>
            {initialsOf(user)}
          </span>
        );
      })}
    </span>
  );
}

/**
 * "editor.gb@example.com is editing Title in Main Banner", for each colleague whose focus is in a field of a
 * component on this page (one this page does not hold, not saved here yet, is left out).
 */
export function FocusSentences() {
  const doc = useDoc();
  const colleagues = useTeamValue(colleaguesOnPage(bookmarkFor(doc.key)));
  const names = useMemo(
    () =>
      atom((get) => {
        const order = get(doc.orderAtom);
        return colleagues.map(({ focus }) =>
          order.includes(focus.component) ? componentLabel(get(doc.componentAtom(focus.component))) : null,
        );
      }),
    [doc, colleagues],
  );
  const componentNames = useAtomValue(names, { store: doc.store });
  const sentences = colleagues.flatMap(({ user, focus }, index) => {
    const component = componentNames[index];
    return component ? [{ user, sentence: editingSentence(user, contentFieldLabel(focus.field), component) }] : [];
  });
  if (sentences.length === 0) return null;
  return (
    <ul className="team-presence-focus" aria-label="Where colleagues are editing">
      {sentences.map(({ user, sentence }) => (
        <li key={user}>
          <span className="presence-initials" aria-hidden>
            {initialsOf(user)}
          </span>
          {sentence}
        </li>
      ))}
    </ul>
  );
}
