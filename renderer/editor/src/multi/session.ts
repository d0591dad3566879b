import { atom, createStore, type PrimitiveAtom } from 'jotai';
import { countryName, type CountryCode } from '../../../../core/countries';
import {
  applyEdit,
  canAddOrRemove,
  componentsOf,
  pickCountriesError,
  switchCountry,
  syncSecondaries,
  type MultiCountryState,
} from '../../../../core/rules/multiCountry';
import {
  EDITING,
  reviewOrder,
  reviewReducer,
  type ReviewAction,
  type ReviewState,
} from '../../../../core/rules/review';
import { applyTranslations, translationRequests, translationTargets } from '../../../../core/rules/translation';
import { call, errorMessage } from '../api';
import { autosaveOf } from '../state/autosave';
import type { EditorDocument, StructureLink } from '../state/document';

/**
 * One page edited in several countries (editor spec §1, §2, §4): a document per country, each saved as its
 * own page with its own draft, the primary's first. Structural edits of one country are run through the
 * rules of core/rules/multiCountry.ts, which say what the others do along with it; those edits are recorded
 * in the history of the country that made the edit, so one undo takes it back everywhere.
 *
 * Spec §4 "switching country first saves current content into that country's entry": every country's
 * content already lives in its own document, so switching writes the current country's draft first.
 */
export class MultiCountrySession {
  readonly store = createStore();
  readonly primary: CountryCode;
  /** Every country being edited, the primary first: also the order of review and of the review save. */
  readonly countries: readonly CountryCode[];
  readonly selectedAtom: PrimitiveAtom<CountryCode>;
  /** Secondaries just overwritten by the primary's content, for the modal; [] once it is closed. */
  readonly overwrittenAtom = atom<CountryCode[]>([]);
  readonly reviewAtom = atom<ReviewState>(EDITING);
  private readonly docs: ReadonlyMap<CountryCode, EditorDocument>;

  /** `documents`: the primary's first. Check them with multiCountryDocumentsError before. */
  constructor(documents: readonly EditorDocument[]) {
    const countries = documents.map((doc) => doc.key.country);
    this.countries = reviewOrder(countries[0] as CountryCode, countries);
    this.primary = this.countries[0] as CountryCode;
    this.selectedAtom = atom(this.primary);
    this.docs = new Map(documents.map((doc) => [doc.key.country, doc]));
    for (const [country, doc] of this.docs) {
      doc.linkStructure(this.linkFor(country));
      doc.connect({ changed: () => autosaveOf(doc).autosave.schedule() });
    }
  }

  doc(country: CountryCode): EditorDocument {
    const found = this.docs.get(country);
    if (!found) throw new RangeError(`${countryName(country)} is not one of the countries being edited.`);
    return found;
  }

  get selected(): CountryCode {
    return this.store.get(this.selectedAtom);
  }

  get documents(): EditorDocument[] {
    return this.countries.map((country) => this.doc(country));
  }

  /** The rules' view of the pages, as the country `selected` edits them. O(page): structural edits only. */
  private state(selected: CountryCode = this.selected): MultiCountryState {
    return {
      primary: this.primary,
      selected,
      entries: this.countries.map((country) => ({ country, components: this.doc(country).components() })),
    };
  }

  private linkFor(country: CountryCode): StructureLink {
    return {
      canAddOrRemove: canAddOrRemove({ primary: this.primary, selected: country, entries: [] }),
      follow: (edit) => {
        const before = this.state(country);
        const outcome = applyEdit(before, edit);
        if (outcome.reason) return { refused: outcome.reason };
        if (outcome.overwritten.length > 0) this.store.set(this.overwrittenAtom, outcome.overwritten);
        const followers = before.entries
          .filter(
            (entry) => entry.country !== country && componentsOf(outcome.state, entry.country) !== entry.components,
          )
          .map((entry) => this.doc(entry.country).followingReplacement(componentsOf(outcome.state, entry.country)));
        return { followers };
      },
    };
  }

  async select(country: CountryCode): Promise<void> {
    const next = switchCountry(this.state(), country, this.doc(this.selected).components()).selected;
    await autosaveOf(this.doc(this.selected)).autosave.flush();
    this.store.set(this.selectedAtom, next);
  }

  /**
   * Spec §4: secondaries whose component list differs from the primary's are overwritten with its content,
   * and the modal says so. Run when the pages are opened together and before they are reviewed; the
   * overwrite is not an undo step (there is nothing to go back to that the rules would accept), and the
   * versions saved before stay in each page's history.
   */
  syncSecondaries(): CountryCode[] {
    const { state, overwritten } = syncSecondaries(this.state(this.primary));
    for (const country of overwritten) this.doc(country).followingReplacement(componentsOf(state, country)).redo();
    if (overwritten.length > 0) this.store.set(this.overwrittenAtom, overwritten);
    return overwritten;
  }

  /** Review mode (spec §2, §4): each step shows the page under review. */
  async review(action: ReviewAction['type']): Promise<void> {
    const pageCount = this.countries.length;
    if (action === 'start') {
      await autosaveOf(this.doc(this.selected)).autosave.flush();
      this.syncSecondaries();
    }
    const next = reviewReducer(
      this.store.get(this.reviewAtom),
      action === 'back' ? { type: 'back' } : { type: action, pageCount },
    );
    this.store.set(this.reviewAtom, next);
    if (next.mode === 'reviewing') await this.select(this.countries[next.index] as CountryCode);
  }

  /**
   * The translation button (spec §4, §7): the primary's texts, translated into each non-selected country's
   * language through main, replace that country's values. One undo step of the selected country takes back
   * every country translated. A country whose translation fails keeps its text; the others go ahead.
   */
  async translate(report: {
    translated(country: CountryCode): void;
    failed(country: CountryCode, message: string): void;
  }): Promise<void> {
    const source = this.doc(this.primary).components();
    for (const country of translationTargets(this.primary, this.selected, this.countries)) {
      try {
        const results = await Promise.all(
          translationRequests(source, country).map(async (request) => ({
            path: request.path,
            isHtml: request.isHtml,
            text: (await call('translate', { language: request.language, text: request.text })).text,
          })),
        );
        const target = this.doc(country);
        this.doc(this.selected).performFollowers(
          [target.followingReplacement(applyTranslations(target.components(), results))],
          `translate into ${countryName(country)}`,
        );
        report.translated(country);
      } catch (error) {
        report.failed(country, errorMessage(error));
      }
    }
  }

  /** Writes every country's draft now: before leaving, so nothing is lost. */
  async flushDrafts(): Promise<void> {
    await Promise.all(this.documents.map((doc) => autosaveOf(doc).autosave.flush()));
  }
}

/** Why these documents cannot be edited together, or null: one page in different countries, the limit of §9. */
export function multiCountryDocumentsError(documents: readonly EditorDocument[]): string | null {
  const [first, ...others] = documents;
  if (!first) return 'No country was given.';
  const samePage = (doc: EditorDocument) =>
    doc.key.fascia === first.key.fascia &&
    doc.key.page === first.key.page &&
    doc.key.source === first.key.source &&
    doc.key.platform === first.key.platform;
  if (!others.every(samePage)) return 'These drafts are not one page in several countries.';
  return pickCountriesError(
    first.key.country,
    others.map((doc) => doc.key.country),
  );
}
