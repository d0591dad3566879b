import { useEffect, useMemo, useState } from 'react';
import { CATALOGUE } from '../../../../core/catalogue';
import { componentFromTemplate } from '../../../../core/rules/components';
import { call, errorMessage } from '../api';
import { useDoc } from '../state/docContext';
import { focusRow } from './focusRow';
import { Modal } from '../components/Modal';
import { toastError } from '../components/Toasts';

type Template = (typeof CATALOGUE)[number];

const matching = (templates: readonly Template[], search: string): Template[] => {
  const needle = search.trim().toLowerCase();
  return templates.filter((entry) => entry.name.toLowerCase().includes(needle));
};

/** The Add a Component dialog (editor spec §2): the user's favourites, then the whole catalogue, each searchable. */
export function AddComponentDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const [favouriteSearch, setFavouriteSearch] = useState('');
  const [search, setSearch] = useState('');
  const [favourites, setFavourites] = useState<readonly string[]>([]);

  useEffect(() => {
    if (!open) return;
    call('listFavourites', {})
      .then((answer) => setFavourites(answer.favourites))
      .catch((error: unknown) => toastError(`Favourites could not be loaded: ${errorMessage(error)}`));
  }, [open]);

  const favouriteTemplates = useMemo(
    () => CATALOGUE.filter((entry) => favourites.includes(entry.data._component)),
    [favourites],
  );

  const toggleFavourite = async (entry: Template) => {
    const favourite = !favourites.includes(entry.data._component);
    try {
      const answer = await call('setFavourite', { componentType: entry.data._component, favourite });
      setFavourites(answer.favourites);
    } catch (error) {
      toastError(
        `${entry.name} could not be ${favourite ? 'added to' : 'removed from'} favourites: ${errorMessage(error)}`,
      );
    }
  };

  const add = (entry: Template) => {
    const component = componentFromTemplate(
      entry,
      doc.components().map((c) => c.name),
    );
    if (!doc.add(component)) return;
    doc.setOpen(component._identifier);
    onOpenChange(false);
    setSearch('');
    setFavouriteSearch('');
    focusRow(component._identifier);
  };

  const renderList = (templates: Template[], label: string) => (
    <ul className="catalogue" aria-label={label}>
      {templates.map((entry) => {
        const favourite = favourites.includes(entry.data._component);
        return (
          <li key={entry.name} className="catalogue-entry">
            <button
              type="button"
              className="catalogue-item"
              onClick={() => add(entry)}
              aria-label={`Add ${entry.name}`}
            >
              <img src={entry.icon} alt="" width={40} height={40} />
              <span>{entry.name}</span>
            </button>
            <button
              type="button"
              className={favourite ? 'favourite-toggle on' : 'favourite-toggle'}
              aria-pressed={favourite}
              aria-label={favourite ? `Remove ${entry.name} from favourites` : `Add ${entry.name} to favourites`}
              title={favourite ? 'Remove from favourites' : 'Add to favourites'}
              onClick={() => void toggleFavourite(entry)}
            >
              {favourite ? '★' : '☆'}
            </button>
          </li>
        );
      })}
    </ul>
  );

  const favouriteMatches = matching(favouriteTemplates, favouriteSearch);
  const allMatches = matching(CATALOGUE, search);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add a Component" wide>
      <section aria-labelledby="favourites-heading" className="catalogue-section">
        <h3 id="favourites-heading">Favourites</h3>
        <input
          type="search"
          className="catalogue-search"
          placeholder="Search Components..."
          aria-label="Search favourites"
          value={favouriteSearch}
          onChange={(e) => setFavouriteSearch(e.target.value)}
        />
        {favouriteTemplates.length === 0 ? (
          <p className="empty">No components has been added.</p>
        ) : favouriteMatches.length === 0 ? (
          <p className="empty">No favourite matches “{favouriteSearch}”.</p>
        ) : (
          renderList(favouriteMatches, 'Favourite components')
        )}
      </section>
      <section aria-labelledby="all-components-heading" className="catalogue-section">
        <h3 id="all-components-heading">All components</h3>
        <input
          type="search"
          className="catalogue-search"
          placeholder="Search Components..."
          aria-label="Search all components"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {allMatches.length === 0 ? (
          <p className="empty">No component matches “{search}”.</p>
        ) : (
          renderList(allMatches, 'All components')
        )}
      </section>
    </Modal>
  );
}
