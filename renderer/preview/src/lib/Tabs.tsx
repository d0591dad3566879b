import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Ids tying a tab to its panel: `${prefix}-tab-${index}` labels `${prefix}-panel-${index}`. */
export const tabId = (prefix: string, index: number): string => `${prefix}-tab-${index}`;
export const panelId = (prefix: string, index: number): string => `${prefix}-panel-${index}`;

/**
 * A row of tabs (WAI-ARIA tabs pattern): a click or Enter picks one; arrow keys, Home and End move along the
 * row and pick as they go. Only the picked tab is in the tab order. `panels` says which panels are in the
 * page: only the picked one (each tab then names its panel only while picked), or all of them, hidden but
 * the picked one (every tab names its own).
 */
export function TabList({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
  className,
  panels = 'selected',
}: {
  tabs: ReactNode[];
  selected: number;
  onSelect: (index: number) => void;
  idPrefix: string;
  label: string;
  className?: string;
  panels?: 'selected' | 'all';
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    buttons.current[target]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => (
        <button
          key={index}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, index)}
          aria-selected={index === selected}
          aria-controls={panels === 'all' || index === selected ? panelId(idPrefix, index) : undefined}
          tabIndex={index === selected ? 0 : -1}
          className={index === selected ? 'tab active' : 'tab'}
          onClick={() => onSelect(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

/** The panel of tab `index` of a TabList with the same idPrefix. */
export function TabPanel({
  idPrefix,
  index,
  className,
  focusable = false,
  hidden,
  children,
}: {
  idPrefix: string;
  index: number;
  className?: string;
  /** In the tab order itself (for panels with nothing focusable in them). */
  focusable?: boolean;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, index)}
      aria-labelledby={tabId(idPrefix, index)}
      tabIndex={focusable ? 0 : undefined}
      className={className}
      hidden={hidden}
    >
      {children}
    </div>
  );
}

/**
 * The picked tab, starting at `initial` and starting over when `initial` changes (the editor set another
 * opening tab); always within the tabs there are.
 */
export function useTabSelection(count: number, initial = 0): [number, (index: number) => void] {
  const [picked, setPicked] = useState({ initial, index: initial });
  const index = picked.initial === initial ? picked.index : initial;
  const clamped = Math.max(0, Math.min(Math.trunc(index), count - 1));
  return [clamped, (next: number) => setPicked({ initial, index: next })];
}
