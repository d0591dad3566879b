import { useId } from 'react';
import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { choice, list, record, text } from '../lib/content';
import { Ctas, ratioStyle } from '../lib/media';
import { ProductCard } from '../lib/product';
import { TabList, TabPanel, useTabSelection } from '../lib/Tabs';
import './ProductSpotlight.css';

/** Tabs of products, each tab a carousel of product tiles (4 per view, 1.5 on mobile by default). */
export default function ProductSpotlight({ content }: BlockProps) {
  const title = text(content, 'title');
  const tabs = list(content, 'tabs');
  const [selected, select] = useTabSelection(tabs.length);
  const idPrefix = useId();
  const currency = record(content, 'currency');
  const imageShots = record(content, 'imageShots');
  const ratio = ratioStyle(content);
  const settings = record(content, 'carousel');
  const tab = tabs[selected];
  return (
    <div className={`product-spotlight theme-${choice(content, 'theme', 'default')}`}>
      <div className="product-spotlight-header">
        {title && <h2 className="product-spotlight-title">{title}</h2>}
        {tabs.length > 0 && (
          <TabList
            tabs={tabs.map((entry, index) => text(entry, 'title') || `Tab ${index + 1}`)}
            selected={selected}
            onSelect={select}
            idPrefix={idPrefix}
            label={title || 'Products'}
            className="product-spotlight-tabs"
          />
        )}
      </div>
      {tab && (
        <TabPanel idPrefix={idPrefix} index={selected} className="product-spotlight-panel">
          <Carousel key={selected} settings={settings} label={text(tab, 'title') || title || 'Products'}>
            {list(tab, 'products').map((product, index) => (
              <ProductCard key={index} product={product} currency={currency} imageShots={imageShots} ratio={ratio} />
            ))}
          </Carousel>
        </TabPanel>
      )}
      <Ctas content={content} align="center" />
    </div>
  );
}
