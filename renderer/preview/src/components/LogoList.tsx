import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { Carousel } from '../lib/Carousel';
import { list, record, text } from '../lib/content';
import { linkHref } from '../lib/media';
import './LogoList.css';

/** A strip of brand logos, each linking to its brand page (5 per view: 3 below 480px, 7 from 768px, by default). */
export default function LogoList({ content }: BlockProps) {
  const title = text(content, 'title');
  return (
    <div className="logo-list">
      {title && <h2 className="logo-list-title">{title}</h2>}
      <Carousel settings={record(content, 'carousel')} label={title || 'Brands'}>
        {list(content, 'logos').map((logo, index) => {
          const name = text(logo, 'name');
          const image = text(logo, 'image');
          return (
            <a key={index} className="logo-list-item" href={linkHref(logo, 'url')} title={name || undefined}>
              {image ? <img src={imageUrl(image)} alt={name} /> : <span className="logo-list-name">{name}</span>}
            </a>
          );
        })}
      </Carousel>
    </div>
  );
}
