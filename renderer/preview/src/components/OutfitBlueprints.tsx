import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { list, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import { ProductCard } from '../lib/product';
import './OutfitBlueprints.css';

/** A head-to-toe look: its hero art with the copy, then the pieces as a carousel (6 per view, 3 in 2 rows on mobile). */
export default function OutfitBlueprints({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const currency = record(content, 'currency');
  const imageShots = record(content, 'imageShots');
  const productRatio = ratioStyle(content, 'productAspectRatio');
  const products = list(content, 'products');
  return (
    <div className="outfit-blueprints">
      <div className="outfit-blueprints-hero ratio" style={ratioStyle(content)}>
        <ResponsiveImage images={record(content, 'images')} alt={title} />
        <div className="outfit-blueprints-copy">
          {title && <h2>{title}</h2>}
          {subtitle && <p>{subtitle}</p>}
          <Ctas content={content} />
        </div>
      </div>
      {products.length > 0 && (
        <section className="outfit-blueprints-pieces" aria-label={`${title || 'Outfit'}: the pieces`}>
          <h3 className="outfit-blueprints-pieces-title">
            In this look{' '}
            <span>
              {products.length} {products.length === 1 ? 'piece' : 'pieces'}
            </span>
          </h3>
          <Carousel settings={record(content, 'carousel')} label={title ? `${title} pieces` : 'Outfit pieces'}>
            {products.map((product, index) => (
              <ProductCard
                key={index}
                product={product}
                currency={currency}
                imageShots={imageShots}
                ratio={productRatio}
              />
            ))}
          </Carousel>
        </section>
      )}
    </div>
  );
}
