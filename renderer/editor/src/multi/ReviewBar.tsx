import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { brandName } from '../../../../core/fascias';
import { countryName } from '../../../../core/countries';
import { reviewButtons, reviewLabel } from '../../../../core/rules/review';
import { announce, focusScreenHeading } from '../ui/screen';
import { CountryFlag } from './CountryFlag';
import type { MultiCountrySession } from './session';

/** Review mode's bar above the preview (editor spec §2): which page is under review, and the way on. */
export function ReviewBar({
  session,
  fascia,
  onSave,
}: {
  session: MultiCountrySession;
  fascia: string;
  onSave(): void;
}) {
  const review = useAtomValue(session.reviewAtom, { store: session.store });
  const country = useAtomValue(session.selectedAtom, { store: session.store });
  const pageCount = session.countries.length;
  const step = review.mode === 'reviewing' ? review.index : null;
  // Each step is a new screen: say which page is under review and put focus on the way on (Confirm/Next or SAVE).
  // The step changes before its country is shown (autosave is flushed first): wait for the country to follow.
  const onward = useRef<HTMLButtonElement>(null);
  const reviewedCountry = step === null ? null : session.countries[step];
  const wasReviewing = useRef(false);
  useEffect(() => {
    if (step === null) {
      // Back to Editor took the bar, and the focused button, away.
      if (wasReviewing.current) focusScreenHeading();
      wasReviewing.current = false;
      return;
    }
    wasReviewing.current = true;
    if (reviewedCountry !== country) return;
    announce(`Reviewing page ${step + 1} of ${pageCount}: ${countryName(country)}`);
    onward.current?.focus();
  }, [step, pageCount, country, reviewedCountry]);
  if (review.mode !== 'reviewing') return null;
  const buttons = reviewButtons(review, pageCount);
  const go = (action: 'next' | 'back') => void session.review(action);
  return (
    <div className="review-bar" role="region" aria-label="Review">
      <CountryFlag country={country} />
      <strong>{reviewLabel(brandName(fascia), countryName(country))}</strong>
      <span className="muted">
        Page {review.index + 1} of {pageCount}
      </span>
      <span className="toolbar-gap" />
      <button type="button" onClick={() => go('back')}>
        Back to Editor
      </button>
      {buttons.confirmNext && (
        <button ref={onward} type="button" className="primary" onClick={() => go('next')}>
          Confirm/Next
        </button>
      )}
      {buttons.save && (
        <button ref={buttons.confirmNext ? undefined : onward} type="button" className="primary" onClick={onSave}>
          SAVE CONTENT
        </button>
      )}
    </div>
  );
}
