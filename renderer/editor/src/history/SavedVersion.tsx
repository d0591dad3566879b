import type { ReactNode } from 'react';
import type { Output } from '../../../../core/contract';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey } from '../../../../core/schemas';
import { call } from '../api';
import { useRemote } from '../state/useRemote';

type LoadedVersion = Output<'loadVersion'>;

interface SavedVersionProps {
  pageKey: PageKey;
  version: number;
  /** How the version is named in the loading and error messages: "Version 2", "Their version". */
  label: string;
  children(loaded: LoadedVersion): ReactNode;
}

/** Loads one saved version of the page and renders it once loaded; meanwhile a loading line, or the error. */
export function SavedVersion({ pageKey, version, label, children }: SavedVersionProps) {
  const loaded = useRemote(`${bookmarkFor(pageKey)}@${version}`, () => call('loadVersion', { key: pageKey, version }));
  if (loaded.loading) return <p className="loading">Loading {label.toLowerCase()}…</p>;
  if (loaded.error !== null || loaded.data === undefined) {
    return (
      <p role="alert" className="field-error">
        {label} could not be loaded: {loaded.error}
      </p>
    );
  }
  return children(loaded.data);
}
