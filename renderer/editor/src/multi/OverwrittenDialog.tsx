import { useAtom } from 'jotai';
import { countryName } from '../../../../core/countries';
import { Modal } from '../ui/Modal';
import type { MultiCountrySession } from './session';

const listed = (names: string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Editor spec §2, §4: the secondaries whose component lists differed were overwritten by the primary's. */
export function OverwrittenDialog({ session }: { session: MultiCountrySession }) {
  const [overwritten, setOverwritten] = useAtom(session.overwrittenAtom, { store: session.store });
  const close = () => setOverwritten([]);
  return (
    <Modal open={overwritten.length > 0} onOpenChange={(open) => !open && close()} title="Component lists overwritten">
      <p>
        The component list of {listed(overwritten.map(countryName))} did not match the primary country (
        {countryName(session.primary)}), so it has been overwritten with the primary content.
      </p>
      <p className="hint">The versions saved before are kept in each page's History.</p>
      <div className="modal-actions">
        <button type="button" className="primary" onClick={close}>
          I Understand
        </button>
      </div>
    </Modal>
  );
}
