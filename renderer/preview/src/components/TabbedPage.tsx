import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { BlockProps } from '../registry';
import { html, list, num, text } from '../lib/content';
import { RichText } from './Editorial';
import './TabbedPage.css';

/** Ids tying a tab to its panel: `${prefix}-tab-${index}` labels `${prefix}-panel-${index}`. */
export const tabId = (prefix: string, index: number): string => `${prefix}-tab-${index}`;
export const panelId = (prefix: string, index: number): string => `${prefix}-panel-${index}`;

/**
 * A row of tabs (WAI-ARIA tabs pattern): a click or Enter picks one; arrow keys, Home and End move along the
 * row and pick as they go. Only the picked tab is in the tab order.
 */
export function TabList({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
  className,
}: {
  tabs: ReactNode[];
  selected: number;
  onSelect: (index: number) => void;
  idPrefix: string;
  label: string;
  className?: string;
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
          aria-controls={index === selected ? panelId(idPrefix, index) : undefined}
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

/** Help-style page content in tabs, one rich text panel each; activeTab says which is open first (from 0). */
export default function TabbedPage({ content }: BlockProps) {
  const title = text(content, 'title');
  const tabs = list(content, 'tabs');
  const [selected, select] = useTabSelection(tabs.length, num(content, 'activeTab', 0));
  const idPrefix = useId();
  const tab = tabs[selected];
  return (
    <div className="tabbed-page">
      {title && <h2 className="tabbed-page-title">{title}</h2>}
      {tabs.length > 0 && (
        <TabList
          tabs={tabs.map((entry, index) => text(entry, 'label') || `Tab ${index + 1}`)}
          selected={selected}
          onSelect={select}
          idPrefix={idPrefix}
          label={title || 'Sections'}
          className="tabbed-page-tabs"
        />
      )}
      {tab && (
        <div
          role="tabpanel"
          id={panelId(idPrefix, selected)}
          aria-labelledby={tabId(idPrefix, selected)}
          tabIndex={0}
          className="tabbed-page-panel"
        >
          <RichText value={html(tab, 'content')} />
        </div>
      )}
    </div>
  );
}
