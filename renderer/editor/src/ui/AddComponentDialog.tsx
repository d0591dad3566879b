import { useMemo, useState } from 'react';
import { CATALOGUE } from '../../../../core/catalogue';
import { componentFromTemplate } from '../../../../core/rules/components';
import { useDoc } from '../state/docContext';
import { focusRow } from './ComponentList';
import { Modal } from './Modal';

/** The Add a Component dialog (editor spec §2): the catalogue, filtered by name. */
export function AddComponentDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const [search, setSearch] = useState('');
  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return CATALOGUE.filter((entry) => entry.name.toLowerCase().includes(needle));
  }, [search]);

  const add = (entry: (typeof CATALOGUE)[number]) => {
    const component = componentFromTemplate(entry, doc.components().map((c) => c.name));
    doc.add(component);
    doc.setOpen(component._identifier);
    onOpenChange(false);
    setSearch('');
    focusRow(component._identifier);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add a Component" wide>
      <input
        type="search"
        className="catalogue-search"
        placeholder="Search Components..."
        aria-label="Search Components..."
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <h3>All components</h3>
      {matches.length === 0 ? (
        <p className="empty">No component matches “{search}”.</p>
      ) : (
        <ul className="catalogue" aria-label="All components">
          {matches.map((entry) => (
            <li key={entry.name}>
              <button type="button" className="catalogue-item" onClick={() => add(entry)} aria-label={`Add ${entry.name}`}>
                <img src={entry.icon} alt="" width={40} height={40} />
                <span>{entry.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
