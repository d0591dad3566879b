import { useId } from 'react';
import type { BlockProps } from '../registry';
import { choice, list, record, text, type Content } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { TabList, TabPanel, useTabSelection } from '../lib/Tabs';
import './TabbedBanner.css';

/** Themes with a look of their own; any other themes value shows the default tabs. */
const STYLED_THEMES = new Set(['default', 'overlay', 'card', 'rounded', 'underline', 'underline-jump']);

/** A tab's banner: its art (a link to its page), title, subtitle and calls to action. */
function Banner({ tab }: { tab: Content }) {
  const title = text(tab, 'title');
  const subtitle = text(tab, 'subtitle');
  return (
    <>
      <div className="tabbed-banner-art ratio" style={ratioStyle(tab)}>
        <ResponsiveImage images={record(tab, 'images')} alt={title} />
        <a
          className="tabbed-banner-link"
          href={linkHref(tab, 'url')}
          aria-label={title || text(tab, 'label') || 'Banner'}
        />
      </div>
      <div className="tabbed-banner-copy">
        {title && <h3>{title}</h3>}
        {subtitle && <p>{subtitle}</p>}
        <Ctas content={tab} />
      </div>
    </>
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
  // Removing tabs in the editor may leave the chosen one out of range: the last is shown instead.
  const [active, select] = useTabSelection(tabs.length);
  const baseId = useId();

  return (
    <div className={`tabbed-banner theme-${STYLED_THEMES.has(theme) ? theme : 'default'}`} data-theme={theme}>
      {title && <h2 className="tabbed-banner-title">{title}</h2>}
      {tabs.length > 0 && (
        <div className="tabbed-banner-body">
          <TabList
            tabs={tabs.map((tab, index) => text(tab, 'label') || text(tab, 'title') || `Tab ${index + 1}`)}
            selected={active}
            onSelect={select}
            idPrefix={baseId}
            label={title || 'Tabs'}
            className="tabbed-banner-tabs"
            panels="all"
          />
          {tabs.map((tab, index) => (
            <TabPanel
              key={index}
              idPrefix={baseId}
              index={index}
              className="tabbed-banner-panel"
              hidden={index !== active}
            >
              <Banner tab={tab} />
            </TabPanel>
          ))}
        </div>
      )}
    </div>
  );
}
