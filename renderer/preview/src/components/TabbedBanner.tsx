import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BlockProps } from '../registry';
import { choice, list, record, text, type Content } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import './TabbedBanner.css';

/** Themes with a look of their own; any other themes value shows the default tabs. */
const STYLED_THEMES = new Set(['default', 'overlay', 'card', 'rounded', 'underline', 'underline-jump']);

function TabPanel({ tab, id, tabId, active }: { tab: Content; id: string; tabId: string; active: boolean }) {
  const title = text(tab, 'title');
  const subtitle = text(tab, 'subtitle');
  return (
    <div className="tabbed-banner-panel" role="tabpanel" id={id} aria-labelledby={tabId} hidden={!active}>
      <div className="tabbed-banner-art ratio" style={ratioStyle(tab)}>
        <ResponsiveImage images={record(tab, 'images')} alt={title} />
        <a className="tabbed-banner-link" href={linkHref(tab, 'url')} aria-label={title || text(tab, 'label') || 'Banner'} />
      </div>
      <div className="tabbed-banner-copy">
        {title && <h3>{title}</h3>}
        {subtitle && <p>{subtitle}</p>}
        <Ctas content={tab} />
      </div>
    </div>
  );
}

/**
 * A banner per tab (Men, Women, Kids...): the tabs switch the art, copy and calls to action shown beneath
 * them. The theme sets the tabs' look: underlined, rounded pills, cards, or laid over the art.
 */
export default function TabbedBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const tabs = list(content, 'tabs');
  const theme = choice(content, 'theme', 'default');
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  // Removing tabs in the editor may leave the chosen one out of range: show the last instead.
  const active = Math.min(selected, Math.max(tabs.length - 1, 0));

  const choose = (index: number, focus = false) => {
    setSelected(index);
    if (focus) buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next > last ? 0 : next < 0 ? last : next, true);
  };

  return (
    <div className={`tabbed-banner theme-${STYLED_THEMES.has(theme) ? theme : 'default'}`} data-theme={theme}>
      {title && <h2 className="tabbed-banner-title">{title}</h2>}
      {tabs.length > 0 && (
        <div className="tabbed-banner-body">
          <div className="tabbed-banner-tabs" role="tablist" aria-label={title || 'Tabs'} onKeyDown={onKeyDown}>
            {tabs.map((tab, index) => (
              <button
                key={index}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${index}`}
                aria-selected={index === active}
                aria-controls={`${baseId}-panel-${index}`}
                tabIndex={index === active ? 0 : -1}
                className={index === active ? 'tab active' : 'tab'}
                onClick={() => choose(index)}
              >
                {text(tab, 'label') || text(tab, 'title') || `Tab ${index + 1}`}
              </button>
            ))}
          </div>
          {tabs.map((tab, index) => (
            <TabPanel key={index} tab={tab} id={`${baseId}-panel-${index}`} tabId={`${baseId}-tab-${index}`} active={index === active} />
          ))}
        </div>
      )}
    </div>
  );
}
