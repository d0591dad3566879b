import { useId } from 'react';
import type { BlockProps } from '../registry';
import { html, list, num, text } from '../lib/content';
import { RichText } from '../lib/RichText';
import { TabList, TabPanel, useTabSelection } from '../lib/Tabs';
import './TabbedPage.css';

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
        <TabPanel idPrefix={idPrefix} index={selected} focusable className="tabbed-page-panel">
          <RichText value={html(tab, 'content')} />
        </TabPanel>
      )}
    </div>
  );
}
