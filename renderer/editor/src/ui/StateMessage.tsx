import type { ReactNode } from 'react';
import { CircleAlert, Inbox, LoaderCircle } from 'lucide-react';
import './ui.css';

const ICONS = { empty: Inbox, loading: LoaderCircle, error: CircleAlert } as const;

/**
 * The designed empty, loading and error state of a list or panel (issue 15): an icon, what is the case, and
 * what to do next. Loading is a status and an error an alert, so both are spoken when they appear.
 */
export function StateMessage({
  kind,
  title,
  children,
}: {
  kind: keyof typeof ICONS;
  title: string;
  children?: ReactNode;
}) {
  const Icon = ICONS[kind];
  const role = kind === 'error' ? 'alert' : kind === 'loading' ? 'status' : undefined;
  return (
    <div className={`state-message state-${kind}`} role={role}>
      <Icon size={20} aria-hidden className="state-icon" />
      <p className="state-title">{title}</p>
      {children && <p className="state-hint">{children}</p>}
    </div>
  );
}
