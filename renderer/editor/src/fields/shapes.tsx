/**
 * Editors for the known shapes of core/rules/fields (knownShape): image, aspect-ratio and link pairs, and
 * colours. Calls to action are in CtasField. Each writes through `onChange(path, value)` like FieldEditor.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  IMAGE_METADATA_KEYS,
  aspectRatioError,
  hexColourError,
  isHex6,
  normaliseAspectRatio,
  type ImagesValue,
  type PointOfInterestValue,
  type StringPair,
} from '../../../../core/rules/fields';
import { formatFraction, type FocalPoint } from '../../../../core/rules/focalPoint';
import type { Path } from '../../../../core/rules/paths';
import { FocalPointTool, type ImageMetadata } from '../focal/FocalPointTool';
import { loadImageMetadata } from '../focal/FocalPointScreen';
import { Modal } from '../ui/Modal';
import type { FieldChange } from './types';
import { useDraft, type Draft } from './useDraft';

interface PairProps {
  label: string;
  path: Path;
  value: StringPair;
  onChange: FieldChange;
}

const VARIANTS = ['desktop', 'mobile'] as const;
const VARIANT_NAMES = { desktop: 'Desktop', mobile: 'Mobile' } as const;

type Variant = (typeof VARIANTS)[number];

/** "x 0.5, y 0.46, w 0.35, h 0.34": a stored point as the focal-point tool's readout shows it. */
const describePoint = (point: PointOfInterestValue): string =>
  (['x', 'y', 'w', 'h'] as const).map((key) => `${key} ${formatFraction(point[key])}`).join(', ');

/**
 * A desktop and a mobile image address, each with a thumbnail of what it points at and its focal point (editor
 * spec §4): `Focal point` opens the focal-point tool on that image, and `Use this focal point` stores the point
 * beside the address as `{variant}Metadata: {pointOfInterest: {x, y, w, h}}` (core IMAGE_METADATA_KEYS). A point
 * belongs to its image: a new address drops it.
 */
export function ImagesField({ label, path, value, onChange }: { label: string; path: Path; value: ImagesValue; onChange: FieldChange }) {
  const id = useId();
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
      return stored && url.trim() === value[variant].trim() ? { ...metadata, pointOfInterest: { ...stored } } : metadata;
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
              For the {VARIANT_NAMES[focalFor].toLowerCase()} image of {label}. “Use this focal point” stores the point in the
              field, with the image it was placed on.
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
  return <img className="thumbnail" src={src} alt={alt} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}

/** A text input for a Draft: the typed text stays here, its error shown, until it is valid. */
function DraftInput({
  id,
  label,
  draft,
  placeholder,
  className,
  before,
}: {
  id: string;
  label: string;
  draft: Draft;
  placeholder?: string;
  className?: string;
  /** Shown before the input, on its line (the colour picker). */
  before?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        {before}
        <input
          id={id}
          type="text"
          spellCheck={false}
          value={draft.text}
          placeholder={placeholder}
          aria-invalid={draft.error !== null}
          aria-describedby={draft.error !== null ? errorId : undefined}
          onChange={(e) => draft.change(e.target.value)}
          onBlur={draft.blur}
        />
      </div>
      {draft.error !== null && (
        <p className="field-error" id={errorId} role="alert">
          {draft.error} Not saved until valid.
        </p>
      )}
    </div>
  );
}

const normaliseRatio = (text: string): string => normaliseAspectRatio(text) ?? text;
/** What an empty ratio falls back to in the preview (catalogue spec §9), shown as the placeholder. */
const DEFAULT_RATIO = { desktop: '1160:485', mobile: '640:640' } as const;

/** Desktop and mobile 'width:height'; only valid ratios reach the content. */
export function AspectRatioField({ label, path, value, onChange }: PairProps) {
  return (
    <fieldset className="field-group shape-pair">
      <legend>{label}</legend>
      <div className="pair-columns">
        {VARIANTS.map((variant) => (
          <RatioInput key={variant} variant={variant} text={value[variant]} write={(next) => onChange([...path, variant], next)} />
        ))}
      </div>
    </fieldset>
  );
}

function RatioInput({ variant, text, write }: { variant: (typeof VARIANTS)[number]; text: string; write(next: string): void }) {
  const id = useId();
  const draft = useDraft(text, aspectRatioError, normaliseRatio, write);
  return <DraftInput id={id} label={`${VARIANT_NAMES[variant]} aspect ratio`} draft={draft} placeholder={DEFAULT_RATIO[variant]} />;
}

/**
 * A link for desktop and one for mobile. 'Same on mobile' (on when they start equal) copies the desktop link
 * to mobile while it is checked; unchecking keeps both and lets mobile differ.
 */
export function UrlPairField({ label, path, value, onChange }: PairProps) {
  const id = useId();
  const [same, setSame] = useState(() => value.desktop === value.mobile);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // While checked our writes keep the two equal, so a difference comes from elsewhere (undo, JSON): show it.
    setSeen(value);
    if (same && value.desktop !== value.mobile) setSame(false);
  }
  const setDesktop = (desktop: string) =>
    onChange(path, same ? { ...value, desktop, mobile: desktop } : { ...value, desktop });
  return (
    <fieldset className="field-group shape-url">
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${id}-desktop`}>Desktop URL</label>
        <input id={`${id}-desktop`} type="text" inputMode="url" spellCheck={false} value={value.desktop} onChange={(e) => setDesktop(e.target.value)} />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={same}
          onChange={(e) => {
            setSame(e.target.checked);
            if (e.target.checked && value.mobile !== value.desktop) onChange(path, { ...value, mobile: value.desktop });
          }}
        />
        Same on mobile
      </label>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>Mobile URL</label>
        <input
          id={`${id}-mobile`}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={same ? value.desktop : value.mobile}
          readOnly={same}
          aria-describedby={same ? `${id}-same` : undefined}
          onChange={(e) => onChange([...path, 'mobile'], e.target.value)}
        />
        {same && (
          <span className="hint" id={`${id}-same`}>
            Follows the desktop URL.
          </span>
        )}
      </div>
    </fieldset>
  );
}

const trim = (text: string): string => text.trim();

/**
 * A colour as hex text, with the native picker beside it while the stored colour is #rrggbb (all it can
 * show). Text that is not a hex colour stays in the field, with its error, and is not written.
 */
export function ColourField({ label, path, value, onChange }: { label: string; path: Path; value: string; onChange: FieldChange }) {
  const id = useId();
  const draft = useDraft(value, hexColourError, trim, (next) => onChange(path, next));
  // Always one element before the text field, so the text field keeps its place (and focus) while the picker
  // comes and goes as the stored value changes.
  const swatch = isHex6(value) ? (
    <input
      type="color"
      className="colour-swatch"
      aria-label={`Pick ${label.toLowerCase()}`}
      value={value.toLowerCase()}
      onChange={(e) => draft.change(e.target.value)}
    />
  ) : (
    <span className="colour-swatch colour-swatch-none" aria-hidden="true" title="The picker shows #rrggbb colours only" />
  );
  return <DraftInput id={id} label={label} draft={draft} placeholder="#rrggbb" className="colour-field" before={swatch} />;
}
