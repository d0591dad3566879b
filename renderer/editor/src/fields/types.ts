import type { ReactNode } from 'react';
import type { Path } from '../../../../core/rules/paths';

/** How every field editor writes: the new value at a path inside the component's content. */
export type FieldChange = (path: Path, value: unknown) => void;

export const samePath = (a: Path, b: Path): boolean =>
  a === b || (a.length === b.length && a.every((key, i) => key === b[i]));

/** A field of a component's content: its key (an index in a list), where it is, and what it holds. */
export interface FieldProps {
  name: string | number;
  path: Path;
  value: unknown;
  onChange: FieldChange;
}

/** What the editor of one kind or shape of field gets (fields/registry.ts). */
export interface FieldEditorProps extends FieldProps {
  /** For the field's input, which its label names. */
  id: string;
  label: string;
  /**
   * The editor of the fields inside this one (an object's, a list's items), passed in like a registry's
   * SchemaField: an editor never imports the dispatcher that imports it.
   */
  Field: (props: FieldProps) => ReactNode;
}

export type FieldEditorComponent = (props: FieldEditorProps) => ReactNode;
