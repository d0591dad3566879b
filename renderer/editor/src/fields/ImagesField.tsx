import { useState } from 'react';
import { Crosshair, Image as ImageIcon } from 'lucide-react';
import { IMAGE_METADATA_KEYS, type ImagesValue, type PointOfInterestValue } from '../../../../core/rules/fields';
import { formatFraction, type FocalPoint } from '../../../../core/rules/focalPoint';
import type { ImageMetadata } from '../focal/FocalPointTool';
import { loadImageMetadata } from '../focal/imageMetadata';
import { lazyPart } from '../ui/LazyPart';
import { Modal } from '../ui/Modal';
import { imageUrlProblem } from '../../../../core/rules/imageUrl';
import { ImagePicker, carriesUrl, droppedUrl } from './ImagePicker';
import { VARIANTS, VARIANT_NAMES, type Variant } from './pairVariants';
import { useRecentImages } from './recentImages';
import type { FieldEditorProps } from './types';
import { Tooltip } from '../ui/Tooltip';

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
 * spec §4). `Choose image` opens the image picker (recent images, the sample library, a pasted address); an
 * address dropped on the field goes in too. The thumbnail opens the focal-point tool on that image, and `Use this
 * focal point` stores the point beside the address as `{variant}Metadata: {pointOfInterest: {x, y, w, h}}` (core
 * IMAGE_METADATA_KEYS). A point belongs to its image: a new address drops it.
 */
export function ImagesField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = field as ImagesValue;
  const [focalFor, setFocalFor] = useState<Variant | null>(null);
  const [pickerFor, setPickerFor] = useState<Variant | null>(null);
  const [dropTarget, setDropTarget] = useState<Variant | null>(null);
  const [dropProblems, setDropProblems] = useState<Partial<Record<Variant, string>>>({});
  const { recent, note } = useRecentImages();

  const withoutMetadata = (variant: Variant): ImagesValue => {
    const copy = { ...value };
    delete copy[IMAGE_METADATA_KEYS[variant]];
    return copy;
  };
  const writeUrl = (variant: Variant, url: string) => {
    if (value[IMAGE_METADATA_KEYS[variant]] === undefined) onChange([...path, variant], url);
    else onChange(path, { ...withoutMetadata(variant), [variant]: url });
  };
  /** An address chosen in the picker or dropped on the field: written and remembered, or refused with why. */
  const takeUrl = (variant: Variant, url: string) => {
    const problem = imageUrlProblem(url);
    setDropProblems((problems) => ({ ...problems, [variant]: problem ?? undefined }));
    if (problem !== null) return;
    writeUrl(variant, url.trim());
    note(url);
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
        const dropProblem = dropProblems[variant];
        return (
          <div
            className={dropTarget === variant ? 'image-variant dropping' : 'image-variant'}
            key={variant}
            onDragOver={(event) => {
              if (!carriesUrl(event)) return;
              event.preventDefault();
              setDropTarget(variant);
            }}
            onDragLeave={() => setDropTarget(null)}
            onDrop={(event) => {
              event.preventDefault();
              setDropTarget(null);
              takeUrl(variant, droppedUrl(event.dataTransfer));
            }}
          >
            {/* Keyed by address: a new address gets a fresh try, not the last one's failure. */}
            <Thumbnail
              key={value[variant]}
              src={value[variant]}
              name={name}
              point={point}
              onOpen={() => setFocalFor(variant)}
            />
            <div className="image-variant-body">
              <div className="field">
                <label htmlFor={`${id}-${variant}`}>{name} image URL</label>
                <input
                  id={`${id}-${variant}`}
                  type="text"
                  inputMode="url"
                  spellCheck={false}
                  value={value[variant]}
                  onChange={(e) => writeUrl(variant, e.target.value)}
                  // A finished address (pasted, typed) joins the picker's recent images.
                  onBlur={(e) => imageUrlProblem(e.target.value) === null && note(e.target.value)}
                />
              </div>
              {dropProblem && (
                <p className="field-error" role="alert">
                  {dropProblem} Nothing was changed.
                </p>
              )}
              <p className="image-focal-text" id={`${id}-${variant}-focal`}>
                {point ? `Focal point: ${describePoint(point)}` : 'No focal point'}
              </p>
              <div className="image-actions">
                <button
                  type="button"
                  className="secondary"
                  // Starts with the visible words, so speech users can say what they see (WCAG 2.5.3).
                  aria-label={`Choose image, ${name.toLowerCase()}`}
                  onClick={() => setPickerFor(variant)}
                >
                  <ImageIcon size={16} aria-hidden />
                  Choose image
                </button>
                {point && (
                  <button
                    type="button"
                    className="quiet"
                    aria-label={`Remove focal point for ${name} image`}
                    onClick={() => onChange(path, withoutMetadata(variant))}
                  >
                    Remove focal point
                  </button>
                )}
              </div>
            </div>
          </div>
        );
      })}
      <ImagePicker
        open={pickerFor !== null}
        title={`Choose the ${VARIANT_NAMES[pickerFor ?? 'desktop'].toLowerCase()} image`}
        recent={recent}
        onChoose={(url) => {
          if (pickerFor) takeUrl(pickerFor, url);
          setPickerFor(null);
        }}
        onClose={() => setPickerFor(null)}
      />
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

/**
 * What an address points at, with its focal point marked; pressing it opens the focal-point tool on it. No
 * address, no button: there is nothing to place a point on.
 */
function Thumbnail({
  src,
  name,
  point,
  onOpen,
}: {
  src: string;
  name: string;
  point: PointOfInterestValue | undefined;
  onOpen(): void;
}) {
  const [broken, setBroken] = useState(false);
  if (src.trim() === '') return <span className="thumbnail thumbnail-note">No image</span>;
  return (
    <Tooltip content="Set the focal point">
      <button
        type="button"
        className="thumbnail-button"
        aria-label={`Set focal point for ${name} image${broken ? ' (image not found)' : ''}`}
        onClick={onOpen}
      >
        {broken ? (
          <span className="thumbnail thumbnail-note thumbnail-missing">Image not found</span>
        ) : (
          <span className="thumbnail-frame">
            <img
              className="thumbnail"
              src={src}
              alt={`${name} image`}
              loading="lazy"
              decoding="async"
              onError={() => setBroken(true)}
            />
            {point && (
              <span
                className="thumbnail-focal"
                aria-hidden="true"
                style={{
                  left: `${(point.x - point.w / 2) * 100}%`,
                  top: `${(point.y - point.h / 2) * 100}%`,
                  width: `${point.w * 100}%`,
                  height: `${point.h * 100}%`,
                }}
              />
            )}
          </span>
        )}
        <span className="thumbnail-action" aria-hidden="true">
          <Crosshair size={14} />
          Focal point
        </span>
      </button>
    </Tooltip>
  );
}
