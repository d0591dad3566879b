import { isCta, isRichText, labelFromKey } from './fields';
import type { Path } from './paths';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A field's text on one line: a text or number as written, rich text without its markup; '' for anything else. */
function lineOf(value: unknown): string {
  let text = '';
  if (typeof value === 'string' || typeof value === 'number') text = String(value);
  else if (isRichText(value))
    text = value.html.value
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);
  return text.replace(/\s+/g, ' ').trim();
}

/** The keys that name an item, best first. */
const NAME_KEYS = ['title', 'name', 'label', 'heading', 'header', 'text', 'subtitle', 'description'] as const;

const firstLine = (record: Record<string, unknown>): string => {
  for (const key of NAME_KEYS) {
    const line = lineOf(record[key]);
    if (line) return line;
  }
  return '';
};

/** "Slides" -> "Slide", "Categories" -> "Category", "Boxes" -> "Box": one item of a list named in the plural. */
export function singular(plural: string): string {
  if (/ies$/i.test(plural)) return plural.slice(0, -3) + 'y';
  if (/(x|ch|sh|ss)es$/i.test(plural)) return plural.slice(0, -2);
  if (/[^s]s$/i.test(plural)) return plural.slice(0, -1);
  return plural;
}

/** A list item by its place, named after its list ("Keywords", 2 -> "Keyword 3"): never a bare "Item 3". */
export function positionLabel(listName: string, index: number): string {
  return `${singular(listName)} ${index + 1}`;
}

/**
 * A field's label as its form shows it, from its path inside a component's content: its key in words
 * ("heroTitle" -> "Hero title"); an item of a plain list is named after the list ("Keyword 3").
 */
export function fieldLabel(path: Path): string {
  const name = path[path.length - 1] ?? '';
  const list = path[path.length - 2];
  return typeof name === 'number' && typeof list === 'string'
    ? positionLabel(labelFromKey(list), name)
    : labelFromKey(name);
}

/**
 * What a list item is called where it is listed (issue 15): by its content, never by its position alone, so
 * items tell themselves apart.
 * - a product tile: its title and PLU ("Apex Core Runner · PLU 100001"), from the item or its pluDetails;
 * - a call to action: "CTA · Shop now";
 * - any other object: its title, name, label, heading or text (rich text read without markup), else its first
 *   call to action ("CTA · Shop now");
 * - a text or number: itself;
 * - an item with nothing to read: the list's name in the singular and the position ("Slide 3").
 */
export function itemLabel(item: unknown, index: number, listName: string): string {
  const own = lineOf(item);
  if (own) return own;
  const fallback = positionLabel(listName, index);
  if (!isRecord(item)) return fallback;

  const product = isRecord(item.pluDetails) ? item.pluDetails : 'plu' in item ? item : null;
  if (product) {
    const plu = lineOf(product.plu);
    const title = firstLine(item) || firstLine(product);
    const parts = [title, plu && `PLU ${plu}`].filter(Boolean);
    if (parts.length > 0) return parts.join(' · ');
  }
  if (isCta(item)) {
    const text = lineOf(item.text);
    return text ? `CTA · ${text}` : fallback;
  }
  const named = firstLine(item);
  if (named) return named;
  const ctas: unknown[] = Array.isArray(item.ctas) ? item.ctas : [];
  const firstCta = ctas.find((cta) => isCta(cta) && lineOf(cta.text) !== '');
  if (isCta(firstCta)) return `CTA · ${lineOf(firstCta.text)}`;
  return fallback;
}
