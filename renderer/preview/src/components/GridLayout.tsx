import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { choice, list, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import './GridLayout.css';

/** gridLayouts values and the columns each gives on desktop. */
const COLUMNS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

/**
 * Tiles in a grid of one to four columns (gridLayout; one or two on mobile), each its art with title,
 * subtitle and call to action over it. hoverEffect zoom grows the art under the pointer.
 */
export default function GridLayout({ content }: BlockProps) {
  const title = text(content, 'title');
  const layout = choice(content, 'gridLayout', 'three');
  const columns = COLUMNS[layout] ?? 3;
  const hover = choice(content, 'hoverEffect', 'none') === 'zoom' ? 'zoom' : 'none';
  const style = { '--grid-columns': columns, '--grid-columns-mobile': columns === 1 ? 1 : 2 } as CSSProperties;
  return (
    <div className={`grid-layout columns-${columns} hover-${hover}`} data-grid-layout={layout}>
      {title && <h2 className="grid-layout-title">{title}</h2>}
      <div className="grid-layout-grid" style={style}>
        {list(content, 'tiles').map((tile, index) => {
          const heading = text(tile, 'title');
          const subtitle = text(tile, 'subtitle');
          return (
            <article key={index} className="grid-layout-tile">
              <div className="grid-layout-art ratio" style={ratioStyle(tile)}>
                <ResponsiveImage images={record(tile, 'images')} alt={heading} />
                <a className="grid-layout-link" href={linkHref(tile, 'url')} aria-label={heading || undefined} />
              </div>
              <div className="grid-layout-copy">
                {heading && <h3>{heading}</h3>}
                {subtitle && <p>{subtitle}</p>}
                <Ctas content={tile} />
              </div>
            </article>
          );
        })}
      </div>
    </div>
  );
}
