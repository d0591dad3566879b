import { useAtomValue } from 'jotai';
import { brandName } from '../../../../core/fascias';
import { countryName } from '../../../../core/countries';
import { reviewButtons, reviewLabel } from '../../../../core/rules/review';
import { CountryFlag } from './CountryFlag';
import type { MultiCountrySession } from './session';

/** Review mode's bar above the preview (editor spec §2): which page is under review, and the way on. */
export function ReviewBar({ session, fascia, onSave }: { session: MultiCountrySession; fascia: string; onSave(): void }) {
  const review = useAtomValue(session.reviewAtom, { store: session.store });
  const country = useAtomValue(session.selectedAtom, { store: session.store });
  if (review.mode !== 'reviewing') return null;
  const buttons = reviewButtons(review, session.countries.length);
  const step = (action: 'next' | 'back') => void session.review(action);
  return (
    <div className="review-bar" role="region" aria-label="Review">
      <CountryFlag country={country} />
      <strong>{reviewLabel(brandName(fascia), countryName(country))}</strong>
      <span className="muted">
        Page {review.index + 1} of {session.countries.length}
      </span>
      <span className="toolbar-gap" />
      <button type="button" onClick={() => step('back')}>
        Back to Editor
      </button>
      {buttons.confirmNext && (
        <button type="button" className="primary" onClick={() => step('next')}>
          Confirm/Next
        </button>
      )}
      {buttons.save && (
        <button type="button" className="primary" onClick={onSave}>
          SAVE CONTENT
        </button>
      )}
    </div>
  );
}
