import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import {
  describeFieldValue,
  diffComponents,
  diffSummary,
  type ComponentDiffEntry,
  type ComponentDiffStatus,
} from '../../../../core/rules/versionDiff';
import type { Component } from '../../../../core/schemas';
import { componentLabel, componentTypeName } from '../../../../core/rules/displayNames';
import { useDoc } from '../state/docContext';
import './history.css';

const STATUS_LABELS: Record<ComponentDiffStatus, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  moved: 'Moved',
  unchanged: 'Unchanged',
};

interface DiffViewProps {
  before: readonly Component[];
  after: readonly Component[];
  /** What each side is, for the heading: "version 2", "your content". */
  beforeLabel: string;
  afterLabel: string;
}

/**
 * The difference between two component lists, component by component. Only the components that differ are
 * listed; on a page of hundreds the unchanged ones would bury them, so they are only counted.
 */
export function DiffView({ before, after, beforeLabel, afterLabel }: DiffViewProps) {
  const entries = useMemo(() => diffComponents(before, after), [before, after]);
  const differing = entries.filter((entry) => entry.status !== 'unchanged');
  const unchanged = entries.length - differing.length;

  return (
    <section className="diff-view" aria-label="Differences">
      <p className="diff-summary">
        From {beforeLabel} to {afterLabel}: <strong>{diffSummary(entries)}</strong>
        {unchanged > 0 && <span className="muted"> ({unchanged} unchanged)</span>}
      </p>
      {differing.length > 0 && (
        <ul className="diff-entries">
          {differing.map((entry, index) => (
            // An identifier alone is not unique in a damaged list (see versionDiff).
            <DiffEntry key={`${index}:${entry.identifier}`} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A saved version against the content in the editor, which it follows while shown (an Undo included). */
export function DiffWithCurrent({ before, beforeLabel }: { before: readonly Component[]; beforeLabel: string }) {
  const doc = useDoc();
  useAtomValue(doc.revisionAtom);
  return (
    <DiffView before={before} after={doc.components()} beforeLabel={beforeLabel} afterLabel="your current content" />
  );
}

function DiffEntry({ entry }: { entry: ComponentDiffEntry }) {
  const label = componentLabel({ name: entry.name, _component: entry.type });
  return (
    <li className={`diff-entry diff-${entry.status}`}>
      <span className="diff-status">
        {STATUS_LABELS[entry.status]}
        {entry.status === 'changed' && entry.moved && ', moved'}
      </span>
      <span className="diff-name">{label}</span>
      <span className="muted diff-type" title={entry.type}>
        {componentTypeName(entry.type)}
      </span>
      {entry.fields.length > 0 && (
        <ul className="diff-fields" aria-label={`Changed fields of ${label}`}>
          {entry.fields.map((field) => (
            <li key={field.path}>
              <code>{field.path}</code> <span className="diff-before">{describeFieldValue(field.before)}</span> →{' '}
              <span className="diff-after">{describeFieldValue(field.after)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
