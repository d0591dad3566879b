import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import { CATALOGUE, type TemplateEntry } from '../../../../core/catalogue';
import { componentFromTemplate } from '../../../../core/rules/components';
import { recentFirst } from '../../../../core/rules/recentComponents';
import { call, errorMessage } from '../api';
import { useDoc } from '../state/docContext';
import { focusRow } from './focusRow';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';
import './addComponent.css';
import { Tooltip } from '../ui/Tooltip';

const typeOf = (entry: TemplateEntry): string => entry.data._component;

const matching = (templates: readonly TemplateEntry[], search: string): TemplateEntry[] => {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (entry) => entry.name.toLowerCase().includes(needle) || typeOf(entry).toLowerCase().includes(needle),
  );
};

/**
 * The Add a Component dialog (editor spec §2): the user's favourites, then the whole catalogue with the recently
 * used first, each searchable. Every entry shows its one-line description; each grid answers the arrow keys.
 */
export function AddComponentDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const [favouriteSearch, setFavouriteSearch] = useState('');
  const [search, setSearch] = useState('');
  const [favourites, setFavourites] = useState<readonly string[]>([]);
  const [recent, setRecent] = useState<readonly string[]>([]);

  useEffect(() => {
    if (!open) return;
    call('listFavourites', {})
      .then((answer) => setFavourites(answer.favourites))
      .catch((error: unknown) => toastError(`Favourites could not be loaded: ${errorMessage(error)}`));
    call('listRecentComponents', {})
      .then((answer) => setRecent(answer.recent))
      .catch((error: unknown) => toastError(`Recently used components could not be loaded: ${errorMessage(error)}`));
  }, [open]);

  const favouriteTemplates = useMemo(
    () => CATALOGUE.filter((entry) => favourites.includes(typeOf(entry))),
    [favourites],
  );
  const catalogue = useMemo(() => recentFirst(CATALOGUE, recent, typeOf), [recent]);

  const toggleFavourite = async (entry: TemplateEntry) => {
    const favourite = !favourites.includes(typeOf(entry));
    try {
      const answer = await call('setFavourite', { componentType: typeOf(entry), favourite });
      setFavourites(answer.favourites);
    } catch (error) {
      toastError(
        `${entry.name} could not be ${favourite ? 'added to' : 'removed from'} favourites: ${errorMessage(error)}`,
      );
    }
  };

  const add = (entry: TemplateEntry) => {
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
    // The component is on the page either way; only its place among the recently used is at stake.
    call('noteComponentUsed', { componentType: typeOf(entry) })
      .then((answer) => setRecent(answer.recent))
      .catch((error: unknown) =>
        toastError(`${entry.name} could not be kept as recently used: ${errorMessage(error)}`),
      );
  };

  const grid = (entries: TemplateEntry[], label: string, markRecent: boolean) => (
    <TileGrid
      entries={entries}
      label={label}
      favourites={favourites}
      recent={markRecent ? recent : []}
      onAdd={add}
      onToggleFavourite={(entry) => void toggleFavourite(entry)}
    />
  );

  const favouriteMatches = matching(favouriteTemplates, favouriteSearch);
  const allMatches = matching(catalogue, search);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add a Component" wide>
      <section aria-labelledby="favourites-heading" className="add-section">
        <div className="add-section-head">
          <h3 id="favourites-heading">Favourites</h3>
          <input
            type="search"
            placeholder="Search Components..."
            aria-label="Search favourites"
            value={favouriteSearch}
            onChange={(e) => setFavouriteSearch(e.target.value)}
          />
        </div>
        {favouriteTemplates.length === 0 ? (
          <p className="add-empty">No components has been added.</p>
        ) : favouriteMatches.length === 0 ? (
          <p className="add-empty">No favourite matches “{favouriteSearch}”.</p>
        ) : (
          grid(favouriteMatches, 'Favourite components', false)
        )}
      </section>
      <section aria-labelledby="all-components-heading" className="add-section">
        <div className="add-section-head">
          <h3 id="all-components-heading">All components</h3>
          <input
            type="search"
            placeholder="Search Components..."
            aria-label="Search all components"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {allMatches.length === 0 ? (
          <p className="add-empty">No component matches “{search}”.</p>
        ) : (
          grid(allMatches, 'All components', true)
        )}
      </section>
    </Modal>
  );
}

interface TileGridProps {
  entries: TemplateEntry[];
  label: string;
  favourites: readonly string[];
  recent: readonly string[];
  onAdd(entry: TemplateEntry): void;
  onToggleFavourite(entry: TemplateEntry): void;
}

/** How many tiles the grid shows per row, read from the layout: the tiles level with the first. */
function columnsOf(list: HTMLElement): number {
  const tiles = [...list.children] as HTMLElement[];
  const top = tiles[0]?.offsetTop;
  return Math.max(1, tiles.filter((tile) => tile.offsetTop === top).length);
}

/**
 * One grid of tiles with a roving tab stop: Tab enters at the last tile used (its Add and its star), the arrow
 * keys move by tile and by row, Home and End go to the first and the last.
 */
function TileGrid({ entries, label, favourites, recent, onAdd, onToggleFavourite }: TileGridProps) {
  const idPrefix = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const current = Math.min(active, entries.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = listRef.current;
    const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-tile-index]');
    if (!list || !tile || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = Number(tile.dataset.tileIndex);
    const columns = columnsOf(list);
    const last = entries.length - 1;
    const next = {
      ArrowRight: Math.min(from + 1, last),
      ArrowLeft: Math.max(from - 1, 0),
      ArrowDown: from + columns <= last ? from + columns : from,
      ArrowUp: from - columns >= 0 ? from - columns : from,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    list.querySelector<HTMLElement>(`[data-tile-index="${next}"] .add-tile-main`)?.focus();
  };

  return (
    <ul className="add-grid" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
      {entries.map((entry, index) => {
        const favourite = favourites.includes(typeOf(entry));
        const isRecent = recent.includes(typeOf(entry));
        const descriptionId = `${idPrefix}-${index}`;
        const tabIndex = index === current ? 0 : -1;
        return (
          <li key={typeOf(entry)} className="add-tile" data-tile-index={index}>
            <img src={entry.icon} alt="" width={40} height={40} />
            {/* The name alone is the button's text (its accessible name reads it); the button covers the tile. */}
            <button
              type="button"
              className="add-tile-main"
              tabIndex={tabIndex}
              onClick={() => onAdd(entry)}
              onFocus={() => setActive(index)}
              aria-label={`Add ${entry.name}`}
              aria-describedby={descriptionId}
              title={entry.name === typeOf(entry) ? undefined : `Type: ${typeOf(entry)}`}
            >
              <span className="add-tile-name">{entry.name}</span>
            </button>
            <Tooltip content={favourite ? 'Remove from favourites' : 'Add to favourites'}>
              <button
                type="button"
                className={favourite ? 'add-tile-star on' : 'add-tile-star'}
                tabIndex={tabIndex}
                aria-pressed={favourite}
                aria-label={favourite ? `Remove ${entry.name} from favourites` : `Add ${entry.name} to favourites`}
                onFocus={() => setActive(index)}
                onClick={() => onToggleFavourite(entry)}
              >
                <Star size={18} aria-hidden="true" fill={favourite ? 'currentColor' : 'none'} />
              </button>
            </Tooltip>
            <p className="add-tile-description" id={descriptionId}>
              {isRecent && <span className="add-tile-badge">Recently used · </span>}
              {entry.description}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
