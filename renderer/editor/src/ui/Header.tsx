import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../state/session';

export function Header({ title, before, children }: { title: string; before?: ReactNode; children?: ReactNode }) {
  const user = useAtomValue(userAtom);
  return (
    <header className="app-header">
      {before}
      <h1>{title}</h1>
      <div className="header-actions">{children}</div>
      {user && (
        <span className="user" title="Signed in as">
          {user}
        </span>
      )}
    </header>
  );
}
