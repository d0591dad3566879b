/**
 * Editors for the known shapes of core/rules/fields (knownShape): image, aspect-ratio and link pairs, and
 * colours. Calls to action are in CtasField. Each writes through `onChange(path, value)` like FieldEditor.
 */
import { useId, useState, type ReactNode } from 'react';
import {
  aspectRatioError,
  hexColourError,
  isHex6,
  normaliseAspectRatio,
  type StringPair,
} from '../../../../core/rules/fields';
import type { Path } from '../../../../core/rules/paths';
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

/** A desktop and a mobile image address, each with a thumbnail of what it points at. */
export function ImagesField({ label, path, value, onChange }: PairProps) {
  const id = useId();
  return (
    <fieldset className="field-group shape-images">
      <legend>{label}</legend>
      {VARIANTS.map((variant) => (
        <div className="image-row" key={variant}>
          <div className="field">
            <label htmlFor={`${id}-${variant}`}>{VARIANT_NAMES[variant]} image URL</label>
            <input
              id={`${id}-${variant}`}
              type="text"
              inputMode="url"
              spellCheck={false}
              value={value[variant]}
              onChange={(e) => onChange([...path, variant], e.target.value)}
            />
          </div>
          {/* Keyed by address: a new address gets a fresh try, not the last one's failure. */}
          <Thumbnail key={value[variant]} src={value[variant]} alt={`${VARIANT_NAMES[variant]} image`} />
        </div>
      ))}
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
