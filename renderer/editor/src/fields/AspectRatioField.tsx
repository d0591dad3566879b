import { useId } from 'react';
import { aspectRatioError, normaliseAspectRatio, type StringPair } from '../../../../core/rules/fields';
import { DraftInput } from './DraftInput';
import { VARIANTS, VARIANT_NAMES } from './pairVariants';
import type { FieldEditorProps } from './types';
import { useDraft } from './useDraft';

const normaliseRatio = (text: string): string => normaliseAspectRatio(text) ?? text;
/** What an empty ratio falls back to in the preview (catalogue spec §9), shown as the placeholder. */
const DEFAULT_RATIO = { desktop: '1160:485', mobile: '640:640' } as const;

/** Desktop and mobile 'width:height'; only valid ratios reach the content. */
export function AspectRatioField({ label, path, value: field, onChange }: FieldEditorProps) {
  const value = field as StringPair;
  return (
    <fieldset className="field-group shape-pair">
      <legend>{label}</legend>
      <div className="pair-columns">
        {VARIANTS.map((variant) => (
          <RatioInput
            key={variant}
            variant={variant}
            text={value[variant]}
            write={(next) => onChange([...path, variant], next)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function RatioInput({
  variant,
  text,
  write,
}: {
  variant: (typeof VARIANTS)[number];
  text: string;
  write(next: string): void;
}) {
  const id = useId();
  const draft = useDraft(text, aspectRatioError, normaliseRatio, write);
  return (
    <DraftInput
      id={id}
      label={`${VARIANT_NAMES[variant]} aspect ratio`}
      draft={draft}
      placeholder={DEFAULT_RATIO[variant]}
    />
  );
}
