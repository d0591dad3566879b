import { memo, useCallback, useMemo, useState } from 'react';
import { atom, useAtomValue } from 'jotai';
import { ChevronRight, EyeOff, GripVertical, Trash2 } from 'lucide-react';
import { componentLabel } from '../../../../core/rules/displayNames';
import { parseClasses } from '../../../../core/rules/components';
import { setIn, type Path } from '../../../../core/rules/paths';
import { useDoc } from '../state/docContext';
import { useFollowingText } from '../fields/useDraft';
import { lazyPart } from '../ui/LazyPart';
import { FieldPresenceScope, RowPresence } from '../team/FieldPresence';
import { focusRow } from './focusRow';
import { removeWithUndo } from './rowActions';
import { useRowSortable } from './rowSortable';

/**
 * One component: a draggable, collapsible row whose title is a heading, so heading navigation reaches every
 * component. The row itself subscribes only to its title, hidden flag and
 * open state; typing in a field re-renders the body alone, so the sortable wrapper (and with it dnd-kit's
 * context shared by every row) is not touched by a keystroke.
 */
export const ComponentRow = memo(function ComponentRow({ id }: { id: string }) {
  const doc = useDoc();
  const atoms = useMemo(() => {
    const component = doc.componentAtom(id);
    return {
      isOpen: atom((get) => get(doc.openIdAtom) === id),
      // Primitive values, so an edit that changes neither leaves the row alone.
      title: atom((get) => componentLabel(get(component))),
      hidden: atom((get) => get(component).hidden),
    };
  }, [doc, id]);
  const open = useAtomValue(atoms.isOpen);
  const title = useAtomValue(atoms.title);
  const hidden = useAtomValue(atoms.hidden);
  // Read again when the user's roles change what they may do (doc.canAddOrRemove below).
  useAtomValue(doc.refusalsAtom);
  // On a secondary country the order is the primary's (multi-country rules), and without `structure` the
  // user's roles refuse reordering: nothing to drag.
  const moveRefusal = doc.whyNotAddOrRemove('The order is set on the primary country.');
  const sortable = useRowSortable(id, moveRefusal !== undefined);

  const toggle = () => {
    doc.setOpen(open ? null : id);
    // The row open before closes, which can move this header out of view: bring it back (issue 15).
    if (!open) focusRow(id);
  };

  return (
    <>
      <div
        role="listitem"
        ref={sortable.rowRef}
        data-row-id={id}
        className={`component-row${open ? ' open' : ''}${sortable.isDragging ? ' dragging' : ''}`}
        style={sortable.style}
      >
        <div className="row-header">
          <button
            type="button"
            ref={sortable.handleRef}
            className="drag-handle"
            aria-label={`Reorder ${title}`}
            disabled={moveRefusal !== undefined}
            {...sortable.handleProps}
            title={moveRefusal}
            // Disabled, its description is why, not how to drag it.
            aria-description={moveRefusal}
            aria-describedby={moveRefusal === undefined ? sortable.handleProps['aria-describedby'] : undefined}
          >
            <GripVertical size={16} aria-hidden />
          </button>
          <h2 className="row-heading">
            <button type="button" className="row-title" aria-expanded={open} onClick={toggle}>
              <ChevronRight size={16} aria-hidden className="row-chevron" />
              <span className="row-name">{title}</span>
              {hidden && (
                <span className="hidden-marker">
                  <EyeOff size={14} aria-hidden /> [HIDDEN]
                </span>
              )}
            </button>
          </h2>
          <RowPresence component={id} title={title} />
        </div>
        {open && <RowBody id={id} />}
      </div>
      {/* After the row, so the row's elements are attached when it binds them. */}
      {sortable.binding}
    </>
  );
});

// An open row's form loads when the first row opens: the field editors, and the JSON editor with its checks.
const ContentFields = lazyPart(() => import('../fields/ContentFields').then((module) => module.ContentFields), {
  what: 'fields',
  layout: 'field',
});
const ComponentJsonEditor = lazyPart(
  () => import('../json/ComponentJsonEditor').then((module) => module.ComponentJsonEditor),
  { what: 'JSON editor', layout: 'field' },
);

const RowBody = memo(function RowBody({ id }: { id: string }) {
  const doc = useDoc();
  const component = useAtomValue(doc.componentAtom(id));
  // Typed until Update Name or Apply Classes, and replaced by the stored value whenever that changes (undo).
  const [name, setName] = useFollowingText(component.name);
  const [classes, setClasses] = useFollowingText(component.classes.join(', '));
  const [asJson, setAsJson] = useState(false);
  const refusals = useAtomValue(doc.refusalsAtom);

  const onFieldChange = useCallback(
    (path: Path, value: unknown) =>
      doc.updateComponent(id, (current) => setIn(current, ['content', ...path], value), path.join('.')),
    [doc, id],
  );

  return (
    <div className="row-body">
      <label className="checkbox" title={refusals.structure ?? undefined}>
        <input
          type="checkbox"
          checked={component.hidden}
          disabled={refusals.structure !== null}
          aria-description={refusals.structure ?? undefined}
          onChange={(e) => doc.setHidden(id, e.target.checked)}
        />
        Hide Component
      </label>
      {/* Without `edit` the values are shown, not changed (the rich text and code editors read it themselves). */}
      <fieldset className="bare-fieldset" disabled={refusals.edit !== null}>
        <div className="inline-field">
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="button" onClick={() => doc.rename(id, name.trim())}>
            Update Name
          </button>
        </div>
        <div className="inline-field">
          <label>
            Custom Classes
            <input value={classes} placeholder="class-one, class-two" onChange={(e) => setClasses(e.target.value)} />
          </label>
          <button type="button" onClick={() => doc.applyClasses(id, parseClasses(classes))}>
            Apply Classes
          </button>
        </div>
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" checked={asJson} onChange={(e) => setAsJson(e.target.checked)} />
        Edit as JSON
      </label>
      {asJson ? (
        <ComponentJsonEditor id={id} />
      ) : (
        <fieldset className="content-fields" disabled={refusals.edit !== null}>
          <legend>Content</legend>
          <FieldPresenceScope component={id}>
            <ContentFields content={component.content} onChange={onFieldChange} />
          </FieldPresenceScope>
        </fieldset>
      )}
      {/* Hidden on a secondary country, where nothing is removed; disabled, saying why, when roles refuse it. */}
      {(doc.canAddOrRemove || refusals.structure !== null) && (
        <button
          type="button"
          className="danger remove-component"
          disabled={refusals.structure !== null}
          title={refusals.structure ?? undefined}
          aria-description={refusals.structure ?? undefined}
          onClick={() => removeWithUndo(doc, id)}
        >
          <Trash2 size={16} aria-hidden />
          Remove Component
        </button>
      )}
    </div>
  );
});
