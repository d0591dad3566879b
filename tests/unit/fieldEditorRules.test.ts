import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { NUMBER_BOUNDS, numberBoundsOf } from '../../core/catalogue/numberBounds';
import { SAMPLE_LIBRARY } from '../../core/catalogue/sampleLibrary';
import { asHex6, knownShape } from '../../core/rules/fields';
import { imageUrlProblem } from '../../core/rules/imageUrl';
import { describeBounds, numberError } from '../../core/rules/numberBounds';
import { noteRecent } from '../../core/rules/recentComponents';
import {
  addColumn,
  addRow,
  cellError,
  cellValue,
  isTableGrid,
  removeColumn,
  removeRow,
  type TableGrid,
} from '../../core/rules/tableGrid';
import { normaliseTimeOfDay, timeOfDayError } from '../../core/rules/timeOfDay';

describe('timeOfDayError', () => {
  it('accepts every 24-hour time, with or without a leading zero on the hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const mm = String(minutes).padStart(2, '0');
        expect(timeOfDayError(`${String(hours).padStart(2, '0')}:${mm}`)).toBeNull();
        expect(timeOfDayError(` ${hours}:${mm} `)).toBeNull();
      }),
    );
  });

  it('refuses a time that would roll over into another hour or day', () => {
    expect(timeOfDayError('25:99')).toBe('Hours go from 00 to 23.');
    expect(timeOfDayError('24:00')).toBe('Hours go from 00 to 23.');
    expect(timeOfDayError('23:60')).toBe('Minutes go from 00 to 59.');
  });

  it('refuses what is not HH:mm', () => {
    for (const text of ['', '9', '9:5', '09:000', '9.30', '09:30:00', 'noon', '-1:00', '１２:００'])
      expect(timeOfDayError(text), text).toBe('Use a 24-hour time as HH:mm, e.g. 09:00.');
  });
});

describe('normaliseTimeOfDay', () => {
  it('stores two-digit hours without spaces, and nothing for an invalid time', () => {
    expect(normaliseTimeOfDay(' 9:05 ')).toBe('09:05');
    expect(normaliseTimeOfDay('18:30')).toBe('18:30');
    expect(normaliseTimeOfDay('25:99')).toBeNull();
  });
});

describe('numberError', () => {
  const bounds = { min: 1, max: 12, whole: true };

  it('accepts numbers inside the bounds, both ends included', () => {
    expect(numberError('1', bounds)).toBeNull();
    expect(numberError(' 12 ', bounds)).toBeNull();
    expect(numberError('2.5', { min: 1, max: 12 })).toBeNull();
  });

  it('refuses numbers outside the bounds, fractions of whole numbers, and what is not a number', () => {
    expect(numberError('0', bounds)).toBe('Enter a number from 1 to 12.');
    expect(numberError('13', bounds)).toBe('Enter a number from 1 to 12.');
    expect(numberError('2.5', bounds)).toBe('Enter a whole number.');
    expect(numberError('', bounds)).toBe('Enter a number.');
    expect(numberError('1e999', bounds)).toBe('Enter a number.');
    expect(numberError('abc', undefined)).toBe('Enter a number.');
  });

  it('takes any finite number when there are no bounds', () => {
    expect(numberError('-40.25', undefined)).toBeNull();
  });

  it('says the bounds in words', () => {
    expect(describeBounds(bounds)).toBe('Whole number from 1 to 12');
    expect(describeBounds({ min: 10, max: 100 })).toBe('From 10 to 100');
  });
});

describe('NUMBER_BOUNDS', () => {
  it('holds every default of every template under a bounded key', () => {
    const outside: string[] = [];
    const walk = (value: unknown, key: string, template: string) => {
      if (typeof value === 'number') {
        const bounds = numberBoundsOf(key);
        if (bounds && numberError(String(value), bounds) !== null) outside.push(`${template} ${key}=${value}`);
      } else if (Array.isArray(value)) value.forEach((item) => walk(item, key, template));
      else if (typeof value === 'object' && value !== null)
        for (const [child, item] of Object.entries(value)) walk(item, child, template);
    };
    for (const entry of CATALOGUE) walk(entry.data.content, '', entry.name);
    expect(outside).toEqual([]);
  });

  it('has a minimum below its maximum for each key, and is looked up by own keys only', () => {
    for (const [key, bounds] of Object.entries(NUMBER_BOUNDS)) expect(bounds.min, key).toBeLessThan(bounds.max);
    expect(numberBoundsOf('toString')).toBeUndefined();
    expect(numberBoundsOf(3)).toBeUndefined();
  });
});

describe('tableGrid', () => {
  const grid = (): TableGrid => ({
    headers: [
      {
        label: 'Range',
        field: 'range',
        sortable: true,
        type: { selectBox: { current: 'String', options: 'tableContentTypes' } },
        displayMobile: true,
      },
      {
        label: 'UK',
        field: 'uk',
        sortable: false,
        type: { selectBox: { current: 'Number', options: 'tableContentTypes' } },
        displayMobile: false,
      },
    ],
    rows: [
      { range: 'Junior', uk: 3 },
      { range: 'Adult', uk: 7 },
    ],
  });

  it('recognises headers and rows of plain cells keyed by the headers', () => {
    expect(isTableGrid(grid().headers, grid().rows)).toBe(true);
    expect(isTableGrid(grid().headers, [{ range: 'x', other: 1 }])).toBe(false);
    expect(isTableGrid(grid().headers, [{ range: { nested: true } }])).toBe(false);
    expect(isTableGrid([...grid().headers, { label: 'Again', field: 'uk' }], [])).toBe(false);
    expect(isTableGrid([{ label: 'No field', field: '' }], [])).toBe(false);
    expect(isTableGrid(undefined, [])).toBe(false);
  });

  it('adds a row with an empty cell under every column, and removes one', () => {
    const added = addRow(grid());
    expect(added.rows).toEqual([...grid().rows, { range: '', uk: '' }]);
    expect(removeRow(added, 0).rows).toEqual([
      { range: 'Adult', uk: 7 },
      { range: '', uk: '' },
    ]);
  });

  it('adds a text column shaped like its siblings, with a cell in every row, keeping the grid a grid', () => {
    const added = addColumn(grid());
    expect(added.headers[2]).toEqual({
      label: 'Column 3',
      field: 'column3',
      sortable: true,
      type: { selectBox: { current: 'String', options: 'tableContentTypes' } },
      displayMobile: true,
    });
    expect(added.rows).toEqual([
      { range: 'Junior', uk: 3, column3: '' },
      { range: 'Adult', uk: 7, column3: '' },
    ]);
    expect(isTableGrid(added.headers, added.rows)).toBe(true);
    // The field is one no header uses yet.
    const again = addColumn(removeColumn(addColumn(added), 0));
    expect(new Set(again.headers.map((header) => header.field)).size).toBe(again.headers.length);
  });

  it('removes a column with its cells, and leaves the grid alone for a column that is not there', () => {
    const removed = removeColumn(grid(), 0);
    expect(removed.headers.map((header) => header.field)).toEqual(['uk']);
    expect(removed.rows).toEqual([{ uk: 3 }, { uk: 7 }]);
    expect(removeColumn(grid(), 5)).toEqual(grid());
  });

  it('keeps numbers in Number columns and any text elsewhere', () => {
    const [range, uk] = grid().headers as [TableGrid['headers'][0], TableGrid['headers'][0]];
    expect(cellError(uk, 'big')).toBe('UK holds numbers.');
    expect(cellError(uk, ' 4.5 ')).toBeNull();
    expect(cellError(uk, '')).toBeNull();
    expect(cellValue(uk, ' 4.5 ')).toBe(4.5);
    expect(cellValue(uk, '')).toBe('');
    expect(cellError(range, 'anything at all')).toBeNull();
    expect(cellValue(range, ' as typed ')).toBe(' as typed ');
  });
});

describe('imageUrlProblem', () => {
  it('takes https addresses and paths on the site', () => {
    expect(imageUrlProblem(' https://cdn.example.test/a.svg ')).toBeNull();
    expect(imageUrlProblem('/sample/images/logo-apex.svg')).toBeNull();
  });

  it('refuses what an image field cannot show, saying why', () => {
    expect(imageUrlProblem('')).toBe('Paste or drop an image address.');
    expect(imageUrlProblem('http://cdn.example.test/a.svg')).toMatch(/^Use an https:\/\/ address/);
    expect(imageUrlProblem('javascript:alert(1)')).toMatch(/^Use an https:\/\/ address/);
    expect(imageUrlProblem('//cdn.example.test/a.svg')).toMatch(/^Use an https:\/\/ image address/);
    expect(imageUrlProblem('banner.svg')).toMatch(/^Use an https:\/\/ image address/);
    expect(imageUrlProblem('/a b.svg')).toBe('An address has no spaces.');
  });
});

describe('asHex6', () => {
  it('gives the long lower-case form a colour picker shows', () => {
    expect(asHex6('#ABC')).toBe('#aabbcc');
    expect(asHex6(' #1A2b3C ')).toBe('#1a2b3c');
    expect(asHex6('')).toBeNull();
    expect(asHex6('#abcd')).toBeNull();
  });
});

describe('knownShape of the new editors', () => {
  it('gives Custom HTML markup and a launch time their own editors', () => {
    expect(knownShape('markup', '<p>x</p>')).toBe('markup');
    expect(knownShape('launchTime', '09:00')).toBe('timeOfDay');
    expect(knownShape('startCountdownDateTime', '2026-11-20T09:00')).toBeNull();
    expect(knownShape('waitTime', 2000)).toBeNull();
  });
});

describe('SAMPLE_LIBRARY', () => {
  it('lists every shipped sample image once, and nothing else', () => {
    const shipped = readdirSync(join(import.meta.dirname, '../../resources/sample/images')).map(
      (file) => `/sample/images/${file}`,
    );
    const listed = SAMPLE_LIBRARY.map((image) => image.url);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...shipped].sort());
  });
});

describe('noteRecent with a limit', () => {
  it('keeps the most recent first, without repeats, up to the limit given', () => {
    const recent = ['a', 'b', 'c'].reduce<string[]>((list, url) => noteRecent(list, url, 2), []);
    expect(recent).toEqual(['c', 'b']);
    expect(noteRecent(recent, 'b', 2)).toEqual(['b', 'c']);
  });
});
