import { useId } from 'react';
import type { BlockProps } from '../registry';
import { list, record, text } from '../lib/content';
import { formatDate } from '../lib/format';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { TabList, TabPanel, useTabSelection } from '../lib/Tabs';
import './TabbedTimeline.css';

/** A release calendar: the drops along a timeline as tabs, the picked drop's banner below. */
export default function TabbedTimeline({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const tabs = list(content, 'tabs');
  const [selected, select] = useTabSelection(tabs.length);
  const idPrefix = useId();
  const tab = tabs[selected];
  const releaseDate = tab ? text(tab, 'releaseDate') : '';
  return (
    <div className="tabbed-timeline">
      {(title || subtitle) && (
        <header className="tabbed-timeline-header">
          {title && <h2>{title}</h2>}
          {subtitle && <p>{subtitle}</p>}
        </header>
      )}
      {tabs.length > 0 && (
        <TabList
          tabs={tabs.map((entry, index) => (
            <>
              <span className="timeline-dot" aria-hidden="true" />
              <span className="timeline-label">
                {text(entry, 'label') || formatDate(text(entry, 'releaseDate')) || `Drop ${index + 1}`}
              </span>
              <span className="timeline-name">{text(entry, 'title')}</span>
            </>
          ))}
          selected={selected}
          onSelect={select}
          idPrefix={idPrefix}
          label={title || 'Releases'}
          className="tabbed-timeline-tabs"
        />
      )}
      {tab && (
        <TabPanel idPrefix={idPrefix} index={selected} className="tabbed-timeline-panel">
          <a
            className="tabbed-timeline-art ratio"
            style={ratioStyle(tab)}
            href={linkHref(tab, 'url')}
            tabIndex={-1}
            aria-hidden="true"
          >
            <ResponsiveImage images={record(tab, 'images')} alt="" />
          </a>
          <div className="tabbed-timeline-copy">
            {releaseDate && (
              <p className="tabbed-timeline-date">
                Releases <time dateTime={releaseDate}>{formatDate(releaseDate, { weekday: 'long' })}</time>
              </p>
            )}
            {text(tab, 'title') && <h3>{text(tab, 'title')}</h3>}
            {text(tab, 'subtitle') && <p className="tabbed-timeline-subtitle">{text(tab, 'subtitle')}</p>}
            <Ctas content={tab} />
          </div>
        </TabPanel>
      )}
    </div>
  );
}
