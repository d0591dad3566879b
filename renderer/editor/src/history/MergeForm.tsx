import { useId, useRef, useState, type ReactNode } from 'react';
import {
  resolveConflicts,
  type ConflictChoice,
  type MergeConflict,
  type MergeDocument,
} from '../../../../core/rules/merge/documentMerge';
import { componentLabel } from '../../../../core/rules/displayNames';
import { contentFieldLabel } from '../../../../core/rules/fieldFocus';
import { parseJsonWithProblems } from '../../../../core/rules/jsonProblems';
import { componentFieldDiff, describeFieldValue } from '../../../../core/rules/versionDiff';
import type { MergingSaveOutcome } from '../../../../core/rules/merge/mergingSave';
import type { Component } from '../../../../core/schemas';
import { errorMessage } from '../api';
import { JsonEditor } from '../code/editors';
import { TimeStamp } from '../ui/TimeStamp';

/** A save that met a newer version and clashed with it: what the merge dialog settles (issue 23 §2). */
export type MergeConflicts = Omit<Extract<MergingSaveOutcome, { status: 'conflicts' }>, 'status'>;

type Pick = 'mine' | 'theirs' | 'edit';

/** How long a value may run in a side's cell before it is cut (the rest is one Edit away). */
const SHOWN_VALUE_LENGTH = 600;

/** The merge dialog's content (MergeDialog.tsx): loaded when a save first meets a clash. */
export function MergeForm({
  merge,
  about,
  otherActions,
  busy,
  onSave,
  onCancel,
}: {
  merge: MergeConflicts;
  about: ReactNode;
  otherActions: ReactNode;
  busy: boolean;
  onSave(document: MergeDocument): Promise<void>;
  onCancel(): void;
}) {
  const { conflicts } = merge.result;
  const theirs = merge.theirs.version;
  const [picks, setPicks] = useState<Readonly<Record<string, Pick>>>({});
  const [edits, setEdits] = useState<Readonly<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLDivElement>(null);

  const submit = () => {
    const open = conflicts.filter((conflict) => picks[conflict.id] === undefined);
    if (open.length > 0) {
      setProblem(
        `Choose mine, theirs or a value of your own for every field: ${open.length} ${open.length === 1 ? 'is' : 'are'} left.`,
      );
      form.current?.querySelector<HTMLInputElement>(`[data-conflict="${CSS.escape(open[0]!.id)}"]`)?.focus();
      return;
    }
    const choices: Record<string, ConflictChoice> = {};
    for (const conflict of conflicts) {
      const choice = choiceOf(conflict, picks[conflict.id]!, edits[conflict.id] ?? initialText(conflict));
      if ('problem' in choice) {
        setProblem(choice.problem);
        return;
      }
      choices[conflict.id] = choice;
    }
    let document: MergeDocument;
    try {
      document = resolveConflicts(merge.result, choices);
    } catch (error) {
      setProblem(`The merged page is not valid: ${errorMessage(error)}`);
      return;
    }
    setProblem(null);
    void onSave(document);
  };

  const both = conflicts.length === 1 ? 'This was' : `These ${conflicts.length} were`;
  return (
    <div className="merge-form" ref={form}>
      {about && <p className="merge-about">{about}</p>}
      <p>
        <strong>{theirs.author}</strong> saved version {theirs.version} while you were editing,{' '}
        <TimeStamp iso={theirs.timestamp} />
        {theirs.commitMessage ? <>: “{theirs.commitMessage}”</> : '.'}
      </p>
      <p className="hint">
        Every change that does not clash is merged. {both} changed on both sides: choose what to keep for each. Cancel
        saves nothing and keeps your draft as it is.
      </p>
      <div className="merge-conflicts">
        {conflicts.map((conflict) => (
          <ConflictChoiceField
            key={conflict.id}
            conflict={conflict}
            pick={picks[conflict.id]}
            text={edits[conflict.id] ?? initialText(conflict)}
            disabled={busy}
            onPick={(pick) => setPicks((current) => ({ ...current, [conflict.id]: pick }))}
            onEdit={(text) => setEdits((current) => ({ ...current, [conflict.id]: text }))}
          />
        ))}
      </div>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        {otherActions}
        <button type="button" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy} onClick={submit}>
          {busy ? 'Saving…' : 'Save merged'}
        </button>
      </div>
    </div>
  );
}

/**
 * What a conflict is called: its field as the form labels it ("Title in Main Banner", as presence says it), a
 * page field, or the component itself. A path the form does not label is shown as it is.
 */
export function conflictTitle(conflict: MergeConflict): string {
  if (!conflict.component) return `${conflict.path} (page)`;
  const name = componentLabel({ name: conflict.component.name, _component: conflict.component.type });
  if (conflict.kind === 'removed-and-edited') return name;
  return `${contentFieldLabel(conflict.path) ?? conflict.path} in ${name}`;
}

function ConflictChoiceField({
  conflict,
  pick,
  text,
  disabled,
  onPick,
  onEdit,
}: {
  conflict: MergeConflict;
  pick: Pick | undefined;
  text: string;
  disabled: boolean;
  onPick(pick: Pick): void;
  onEdit(text: string): void;
}) {
  const id = useId();
  const title = conflictTitle(conflict);
  const removal = conflict.kind === 'removed-and-edited';
  const sides = [
    { side: 'mine', label: removal ? sideLabel(conflict.mine, 'you') : 'Mine', value: conflict.mine },
    { side: 'theirs', label: removal ? sideLabel(conflict.theirs, 'they') : 'Theirs', value: conflict.theirs },
  ] as const;
  const radio = (value: Pick, first: boolean) => ({
    type: 'radio' as const,
    name: id,
    value,
    checked: pick === value,
    disabled,
    onChange: () => onPick(value),
    // The first choice of a field, for focus when the field is still open at Save merged.
    ...(first ? { 'data-conflict': conflict.id } : {}),
  });

  return (
    <fieldset className="merge-conflict">
      <legend>{title}</legend>
      {removal && (
        <p className="hint">
          {conflict.mine === undefined ? 'You removed this component; they' : 'They removed this component; you'}{' '}
          changed it. Keep it with those changes, or remove it.
        </p>
      )}
      <div className="merge-sides">
        <div className="merge-side">
          <span className="merge-side-label">Base</span>
          <SideValue conflict={conflict} value={conflict.base} id={`${id}-base`} />
        </div>
        {sides.map(({ side, label, value }, index) => (
          <label key={side} className="merge-side merge-pick">
            <span className="merge-side-label">
              <input {...radio(side, index === 0)} aria-describedby={`${id}-${side}`} />
              {label}
            </span>
            <SideValue conflict={conflict} value={value} id={`${id}-${side}`} />
          </label>
        ))}
      </div>
      {!removal && (
        <label className="checkbox merge-edit-choice">
          <input {...radio('edit', false)} />
          Edit the value
        </label>
      )}
      {pick === 'edit' && <ValueEditor conflict={conflict} title={title} text={text} onEdit={onEdit} />}
    </fieldset>
  );
}

/** A removed-and-edited component's choices say what each keeps. */
function sideLabel(value: unknown, who: 'you' | 'they'): string {
  return value === undefined ? `Remove (as ${who} did)` : `Keep, with ${who === 'you' ? 'your' : 'their'} changes`;
}

function SideValue({ conflict, value, id }: { conflict: MergeConflict; value: unknown; id: string }) {
  if (conflict.kind !== 'removed-and-edited')
    return (
      <span className="merge-value" id={id}>
        {describeFieldValue(value, SHOWN_VALUE_LENGTH)}
      </span>
    );
  if (value === undefined)
    return (
      <span className="merge-value" id={id}>
        Removed
      </span>
    );
  // The component as it was, or with one side's changes: those changes, as the difference view lists them.
  const changes = value === conflict.base ? [] : componentFieldDiff(conflict.base as Component, value as Component);
  return (
    <span className="merge-value" id={id}>
      {changes.length === 0
        ? 'As it was'
        : changes.map((change) => (
            <span key={change.path} className="merge-change">
              <code>{change.path}</code> {describeFieldValue(change.after, SHOWN_VALUE_LENGTH)}
            </span>
          ))}
    </span>
  );
}

/** A text box for a string; the app's JSON editor for any other value. */
function ValueEditor({
  conflict,
  title,
  text,
  onEdit,
}: {
  conflict: MergeConflict;
  title: string;
  text: string;
  onEdit(text: string): void;
}) {
  const label = `Value of ${title}`;
  if (isText(conflict))
    return (
      <div className="merge-edit">
        <textarea aria-label={label} value={text} rows={3} onChange={(event) => onEdit(event.target.value)} />
      </div>
    );
  const parsed = parseJsonWithProblems(text);
  return (
    <div className="merge-edit">
      <JsonEditor
        label={label}
        value={text}
        onChange={onEdit}
        problems={parsed.ok ? [] : parsed.problems}
        note="Fix it before saving."
      />
    </div>
  );
}

/** A string field is edited as text; the side that has a value decides (mine first). */
function isText(conflict: MergeConflict): boolean {
  const value = [conflict.mine, conflict.theirs, conflict.base].find((side) => side !== undefined);
  return typeof value === 'string';
}

/** Edit starts from mine (else theirs): the person's own work is what they most likely refine. */
function initialText(conflict: MergeConflict): string {
  const value = conflict.mine !== undefined ? conflict.mine : conflict.theirs;
  if (isText(conflict)) return typeof value === 'string' ? value : '';
  return JSON.stringify(value ?? null, null, 2);
}

function choiceOf(conflict: MergeConflict, pick: Pick, text: string): ConflictChoice | { problem: string } {
  if (pick !== 'edit') return { take: pick };
  if (isText(conflict)) return { value: text };
  const parsed = parseJsonWithProblems(text);
  return parsed.ok
    ? { value: parsed.value }
    : { problem: `The value of ${conflictTitle(conflict)} is not valid JSON: ${parsed.problems[0]!.message}` };
}
