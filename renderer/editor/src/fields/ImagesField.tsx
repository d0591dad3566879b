import { useState } from 'react';
import { IMAGE_METADATA_KEYS, type ImagesValue, type PointOfInterestValue } from '../../../../core/rules/fields';
import { formatFraction, type FocalPoint } from '../../../../core/rules/focalPoint';
import type { ImageMetadata } from '../focal/FocalPointTool';
import { loadImageMetadata } from '../focal/imageMetadata';
import { lazyPart } from '../components/LazyPart';
import { Modal } from '../components/Modal';
import { VARIANTS, VARIANT_NAMES, type Variant } from './pairVariants';
import type { FieldEditorProps } from './types';

// The focal-point tool loads when its dialog first opens.
const FocalPointTool = lazyPart(() => import('../focal/FocalPointTool').then((module) => module.FocalPointTool), {
  what: 'focal-point tool',
  layout: 'dialog',
  takeFocus: true,
});

/** "x 0.5, y 0.46, w 0.35, h 0.34": a stored point as the focal-point tool's readout shows it. */
const describePoint = (point: PointOfInterestValue): string =>
  (['x', 'y', 'w', 'h'] as const).map((key) => `${key} ${formatFraction(point[key])}`).join(', ');

/**
 * A desktop and a mobile image address, each with a thumbnail of what it points at and its focal point (editor
 * spec §4): `Focal point` opens the focal-point tool on that image, and `Use this focal point` stores the point
 * beside the address as `{variant}Metadata: {pointOfInterest: {x, y, w, h}}` (core IMAGE_METADATA_KEYS). A point
 * belongs to its image: a new address drops it.
 */
export function ImagesField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = field as ImagesValue;
  const [focalFor, setFocalFor] = useState<Variant | null>(null);

  const withoutMetadata = (variant: Variant): ImagesValue => {
    const copy = { ...value };
    delete copy[IMAGE_METADATA_KEYS[variant]];
    return copy;
  };
  const writeUrl = (variant: Variant, url: string) => {
    if (value[IMAGE_METADATA_KEYS[variant]] === undefined) onChange([...path, variant], url);
    else onChange(path, { ...withoutMetadata(variant), [variant]: url });
  };
  const applyPoint = (variant: Variant, point: FocalPoint, imageUrl: string) => {
    const pointOfInterest: PointOfInterestValue = { x: point.x, y: point.y, w: point.w, h: point.h };
    // The point was placed on the image last generated in the tool: that image is stored with it.
    onChange(path, { ...value, [variant]: imageUrl, [IMAGE_METADATA_KEYS[variant]]: { pointOfInterest } });
    setFocalFor(null);
  };

  // The tool starts from the point stored here, when there is one for the image it opens; else the image's own.
  const loadFor =
    (variant: Variant) =>
    async (url: string): Promise<ImageMetadata> => {
      const metadata = await loadImageMetadata(url);
      const stored = value[IMAGE_METADATA_KEYS[variant]]?.pointOfInterest;
      return stored && url.trim() === value[variant].trim()
        ? { ...metadata, pointOfInterest: { ...stored } }
        : metadata;
    };

  return (
    <fieldset className="field-group shape-images">
      <legend>{label}</legend>
      {VARIANTS.map((variant) => {
        const name = VARIANT_NAMES[variant];
        const point = value[IMAGE_METADATA_KEYS[variant]]?.pointOfInterest;
        const noUrl = value[variant].trim() === '';
        return (
          <div className="image-variant" key={variant}>
            <div className="image-row">
              <div className="field">
                <label htmlFor={`${id}-${variant}`}>{name} image URL</label>
                <input
                  id={`${id}-${variant}`}
                  type="text"
                  inputMode="url"
                  spellCheck={false}
                  value={value[variant]}
                  onChange={(e) => writeUrl(variant, e.target.value)}
                />
              </div>
              {/* Keyed by address: a new address gets a fresh try, not the last one's failure. */}
              <Thumbnail key={value[variant]} src={value[variant]} alt={`${name} image`} />
            </div>
            <div className="image-focal">
              <span className="image-focal-text" id={`${id}-${variant}-focal`}>
                {point ? `Focal point: ${describePoint(point)}` : 'No focal point'}
              </span>
              <span className="image-focal-actions">
                <button
                  type="button"
                  className="image-focal-button"
                  aria-label={`Set focal point for ${name} image`}
                  aria-describedby={`${id}-${variant}-focal`}
                  disabled={noUrl}
                  title={noUrl ? `Enter the ${name.toLowerCase()} image URL first` : undefined}
                  onClick={() => setFocalFor(variant)}
                >
                  Focal point
                </button>
                {point && (
                  <button
                    type="button"
                    className="image-focal-button"
                    aria-label={`Remove focal point for ${name} image`}
                    onClick={() => onChange(path, withoutMetadata(variant))}
                  >
                    Remove
                  </button>
                )}
              </span>
            </div>
          </div>
        );
      })}
      <Modal
        open={focalFor !== null}
        onOpenChange={(open) => !open && setFocalFor(null)}
        title="Focal point"
        wide
        description={
          focalFor && (
            <p className="hint">
              For the {VARIANT_NAMES[focalFor].toLowerCase()} image of {label}. “Use this focal point” stores the point
              in the field, with the image it was placed on.
            </p>
          )
        }
      >
        {focalFor && (
          <FocalPointTool
            key={focalFor}
            initialUrl={value[focalFor]}
            loadMetadata={loadFor(focalFor)}
            onApply={(point, imageUrl) => applyPoint(focalFor, point, imageUrl)}
          />
        )}
        <div className="modal-actions">
          <button type="button" onClick={() => setFocalFor(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    </fieldset>
  );
}

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (src.trim() === '') return <span className="thumbnail thumbnail-note">No image</span>;
  if (broken) return <span className="thumbnail thumbnail-note thumbnail-missing">Image not found</span>;
  return (
    <img className="thumbnail" src={src} alt={alt} loading="lazy" decoding="async" onError={() => setBroken(true)} />
  );
}
