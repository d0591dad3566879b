import { describe, expect, it } from 'vitest';
import {
  checkComponent,
  checkComponentList,
  lineColumn,
  locateJsonPath,
  parseJsonWithProblems,
  type JsonProblem,
} from '../../core/rules/jsonProblems';

function problemOf(text: string): JsonProblem {
  const result = parseJsonWithProblems(text);
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('expected a problem');
  expect(result.problems).toHaveLength(1);
  return result.problems[0]!;
}

const slice = (text: string, range: { from: number; to: number }) => text.slice(range.from, range.to);

describe('lineColumn', () => {
  it('counts lines and 1-based columns, with \\n, \\r\\n and \\r line ends', () => {
    expect(lineColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('abc', 3)).toEqual({ line: 1, column: 4 });
    expect(lineColumn('a\nbc', 3)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('a\r\nbc', 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('a\r\nbc', 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumn('a\rb', 2)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('ab', 99)).toEqual({ line: 1, column: 3 });
  });
});

describe('parseJsonWithProblems', () => {
  it('gives the value of valid JSON', () => {
    expect(parseJsonWithProblems(' [1, {"a": "b"}] ')).toEqual({ ok: true, value: [1, { a: 'b' }] });
    expect(parseJsonWithProblems('null')).toEqual({ ok: true, value: null });
  });

  // [text, offset, line, column, part of the reason]
  const cases: [string, number, number, number, string][] = [
    // V8 gives no position for these.
    ['[1,]', 3, 1, 4, "Unexpected token ']'"],
    ['nope', 1, 1, 2, "Unexpected token 'o'"],
    ["''", 0, 1, 1, 'double quotes'],
    ['', 0, 1, 1, 'Unexpected end of JSON input'],
    ['   \n  ', 6, 2, 3, 'Unexpected end of JSON input'],
    ['[\n  1,\n  2,\n]', 12, 4, 1, "Unexpected token ']'"],
    ['{\n  "a": [\n    1,\n    ]\n}', 22, 4, 5, "Unexpected token ']'"],
    ['[,1]', 1, 1, 2, "Unexpected token ','"],
    ['+1', 0, 1, 1, "Unexpected token '+'"],
    ['.5', 0, 1, 1, "Unexpected token '.'"],
    ['Infinity', 0, 1, 1, "Unexpected token 'I'"],
    ['NaN', 0, 1, 1, "Unexpected token 'N'"],
    ['[tru]', 4, 1, 5, "Unexpected token ']'"],
    ['tru', 3, 1, 4, 'Unexpected end of JSON input'],
    ['[', 1, 1, 2, 'Unexpected end of JSON input'],
    ['{"a":', 5, 1, 6, 'Unexpected end of JSON input'],
    ['"abc\\', 5, 1, 6, 'Unexpected end of JSON input'],
    ['\uFEFF[]', 0, 1, 1, 'byte order mark'],
    ['[undefined]', 1, 1, 2, "Unexpected token 'u'"],
    ['{"a": 1}\n// note', 9, 2, 1, 'Unexpected non-whitespace character after JSON'],
    // V8 gives a position for these; the scanner agrees (checked against V8 below).
    ['[{]', 2, 1, 3, "Expected property name or '}'"],
    ['{"a":1,}', 7, 1, 8, 'Expected double-quoted property name'],
    ['{a:1}', 1, 1, 2, "Expected property name or '}'"],
    ['{"a" 1}', 5, 1, 6, "Expected ':' after property name"],
    ['{"a":1 "b":2}', 7, 1, 8, "Expected ',' or '}' after property value"],
    ['["a" "b"]', 5, 1, 6, "Expected ',' or ']' after array element"],
    ['[1', 2, 1, 3, "Unexpected end of JSON input (expected ',' or ']' after array element)"],
    ['"a', 2, 1, 3, 'Unterminated string'],
    ['["a\nb"]', 3, 1, 4, 'Bad control character in string literal'],
    ['"\\x"', 2, 1, 3, 'Bad escaped character'],
    ['"\\u12g4"', 5, 1, 6, 'Bad Unicode escape'],
    ['01', 1, 1, 2, 'Unexpected number'],
    ['-', 1, 1, 2, 'No number after minus sign'],
    ['1.', 2, 1, 3, 'Unterminated fractional number'],
    ['1e+', 3, 1, 4, 'Exponent part is missing a number'],
    ['[1] [2]', 4, 1, 5, 'Unexpected non-whitespace character after JSON'],
    ['[\r\n  1\r\n  2]', 10, 3, 3, "Expected ',' or ']' after array element"],
    ['[{"_component": "A", "_identifier": "A1",}]', 41, 1, 42, 'Expected double-quoted property name'],
  ];

  it.each(cases)('%j: offset %i, line %i, column %i', (text, offset, line, column, reason) => {
    const problem = problemOf(text);
    expect(problem.from).toBe(offset);
    expect(problem.to).toBeGreaterThanOrEqual(offset);
    expect(problem.to).toBeLessThanOrEqual(text.length);
    expect(problem.path).toBeUndefined();
    expect(problem.message).toContain(`Invalid JSON at line ${line}, column ${column}: `);
    expect(problem.message).toContain(reason);
  });

  it('covers the offending character, or nothing at the end of the text', () => {
    expect(problemOf('[1,]')).toMatchObject({ from: 3, to: 4 });
    expect(problemOf('[1,')).toMatchObject({ from: 3, to: 3 });
    expect(problemOf('["😀" 😀]')).toMatchObject({ from: 6, to: 8 });
  });

  it('agrees with V8 wherever V8 names a position', () => {
    const texts = [
      ...cases.map(([text]) => text),
      '{"a": {"b": [1, 2, {"c": tru}]}}',
      '{"a": {"b": [1, 2, {"c": true,}]}}',
      '[1, 2, 3,, 4]',
      '{"a": 1, "a" 2}',
      '{"k": "v"}}',
      '[-01]',
      '[1.5e]',
      '{"x": "\\uZZZZ"}',
      '{"x": "tab\there"}',
      '  [  "a" , "b" : "c" ]',
    ];
    let compared = 0;
    for (const text of texts) {
      let v8: number | null = null;
      try {
        JSON.parse(text);
      } catch (error) {
        const match = /at position (\d+)/.exec((error as Error).message);
        v8 = match ? Number(match[1]) : null;
      }
      if (v8 === null) continue;
      compared++;
      expect({ text, offset: problemOf(text).from }).toEqual({ text, offset: v8 });
    }
    expect(compared).toBeGreaterThan(10);
  });
});

describe('locateJsonPath', () => {
  const text = `[
  {
    "_component": "Banner",
    "_identifier": "Banner1",
    "content": { "title": "Hi", "slides": [ { "image": "a.jpg" }, { "image": "b.jpg", "alt": 5 } ] }
  },
  { "_identifier": "X1", "hidden": "yes" }
]`;

  it('gives a property as its key and value', () => {
    expect(slice(text, locateJsonPath(text, [0, '_component']))).toBe('"_component": "Banner"');
    expect(slice(text, locateJsonPath(text, [1, 'hidden']))).toBe('"hidden": "yes"');
  });

  it('follows nested objects and array indices', () => {
    expect(slice(text, locateJsonPath(text, [0, 'content', 'slides', 1, 'alt']))).toBe('"alt": 5');
    expect(slice(text, locateJsonPath(text, [0, 'content', 'slides', 0]))).toBe('{ "image": "a.jpg" }');
    expect(slice(text, locateJsonPath(text, [0, 'content', 'title']))).toBe('"title": "Hi"');
    expect(slice(text, locateJsonPath(text, [1]))).toBe('{ "_identifier": "X1", "hidden": "yes" }');
  });

  it('gives the whole document for the empty path', () => {
    expect(locateJsonPath(text, [])).toEqual({ from: 0, to: text.length });
    expect(locateJsonPath('  {"a": 1} ', [])).toEqual({ from: 2, to: 10 });
  });

  it('gives the containing object or array when the key or index is missing', () => {
    expect(slice(text, locateJsonPath(text, [1, '_component']))).toBe('{ "_identifier": "X1", "hidden": "yes" }');
    expect(slice(text, locateJsonPath(text, [0, 'content', 'slides', 7]))).toBe(
      '[ { "image": "a.jpg" }, { "image": "b.jpg", "alt": 5 } ]',
    );
    expect(slice(text, locateJsonPath(text, [5, 'name']))).toBe(text);
  });

  it('stops at a value the path cannot go into', () => {
    expect(slice(text, locateJsonPath(text, [0, 'content', 'title', 'deeper']))).toBe('"Hi"');
  });

  it('accepts indices given as strings and keys given as numbers', () => {
    expect(slice(text, locateJsonPath(text, ['1', 'hidden']))).toBe('"hidden": "yes"');
    expect(slice('{"0": true}', locateJsonPath('{"0": true}', [0]))).toBe('"0": true');
  });

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    const dup = '{"a": 1, "a": 2}';
    expect(slice(dup, locateJsonPath(dup, ['a']))).toBe('"a": 2');
  });

  it('matches keys by their decoded value', () => {
    const escaped = '{"\\u0061b": {"c\\"d": 1}}';
    expect(slice(escaped, locateJsonPath(escaped, ['ab', 'c"d']))).toBe('"c\\"d": 1');
  });

  it('does its best on text that does not parse', () => {
    const broken = '[{"a": 1}, {"b": 2,';
    expect(slice(broken, locateJsonPath(broken, [0, 'a']))).toBe('"a": 1');
    expect(locateJsonPath('', [0])).toEqual({ from: 0, to: 0 });
  });
});

describe('checkComponentList', () => {
  it('gives the components with defaults applied', () => {
    expect(checkComponentList('[{"_component": "Banner", "_identifier": "Banner1", "extra": 1}]')).toEqual({
      ok: true,
      value: [
        { _component: 'Banner', _identifier: 'Banner1', name: '', hidden: false, classes: [], content: {}, extra: 1 },
      ],
    });
  });

  it('reports a syntax error as one problem', () => {
    const text = '[\n  {"_component": "A", "_identifier": "A1"},\n]';
    expect(checkComponentList(text)).toEqual({
      ok: false,
      problems: [
        { message: "Invalid JSON at line 3, column 1: Unexpected token ']'", from: text.length - 1, to: text.length },
      ],
    });
  });

  it('maps every schema issue to its path and text', () => {
    const text = `[
  { "_component": "", "_identifier": "A1" },
  { "_component": "B", "_identifier": "B1", "hidden": "yes", "classes": ["x", 3] },
  { "_identifier": "C1" }
]`;
    const result = checkComponentList(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPath = new Map(result.problems.map((problem) => [problem.path!.join('.'), problem]));
    expect([...byPath.keys()].sort()).toEqual(['0._component', '1.classes.1', '1.hidden', '2._component']);
    expect(byPath.get('0._component')!.message).toBe('0._component: a component needs a type name');
    expect(slice(text, byPath.get('0._component')!)).toBe('"_component": ""');
    expect(byPath.get('1.hidden')!.message).toMatch(/^1\.hidden: /);
    expect(slice(text, byPath.get('1.hidden')!)).toBe('"hidden": "yes"');
    expect(slice(text, byPath.get('1.classes.1')!)).toBe('3');
    expect(byPath.get('2._component')!.message).toMatch(/^2\._component: /);
    expect(slice(text, byPath.get('2._component')!)).toBe('{ "_identifier": "C1" }');
  });

  it('points a duplicate identifier at the second one', () => {
    const text = '[{"_component": "A", "_identifier": "A1"}, {"_component": "A", "_identifier": "A1"}]';
    const result = checkComponentList(text);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          message: '1._identifier: duplicate identifier A1',
          path: [1, '_identifier'],
          from: text.lastIndexOf('"_identifier"'),
          to: text.lastIndexOf('"A1"') + 4,
        },
      ],
    });
  });

  it('says (root) when the document is not a list', () => {
    for (const text of ['{}', '"text"', 'null', ' 42 ']) {
      const result = checkComponentList(text);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.problems[0]!.message).toMatch(/^\(root\): /);
      expect(result.problems[0]!.path).toEqual([]);
      expect(slice(text, result.problems[0]!)).toBe(text.trim());
    }
  });
});

describe('checkComponent', () => {
  const component = {
    _component: 'Banner',
    _identifier: 'Banner1',
    name: 'Hero',
    hidden: false,
    classes: [],
    content: { title: 'Hi' },
  };

  it('gives the component when it is valid and keeps its identifier', () => {
    expect(checkComponent(JSON.stringify(component, null, 2), 'Banner1')).toEqual({ ok: true, value: component });
    expect(checkComponent('{"_component": "A", "_identifier": "A1"}')).toMatchObject({
      ok: true,
      value: { name: '', content: {} },
    });
  });

  it('reports schema issues with their paths', () => {
    const text = JSON.stringify({ ...component, hidden: 'no', content: [] }, null, 2);
    const result = checkComponent(text, 'Banner1');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((problem) => problem.path)).toEqual([['hidden'], ['content']]);
    expect(result.problems[0]!.message).toMatch(/^hidden: /);
    expect(slice(text, result.problems[0]!)).toBe('"hidden": "no"');
    expect(slice(text, result.problems[1]!)).toBe('"content": []');
  });

  it('refuses a changed identifier', () => {
    const text = JSON.stringify({ ...component, _identifier: 'Other1' }, null, 2);
    const result = checkComponent(text, 'Banner1');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.path).toEqual(['_identifier']);
    expect(result.problems[0]!.message).toMatch(/^_identifier: identifiers are stable/);
    expect(result.problems[0]!.message).toContain('"Banner1"');
    expect(slice(text, result.problems[0]!)).toBe('"_identifier": "Other1"');
  });

  it('refuses a removed identifier once, at the object', () => {
    const text = JSON.stringify({ ...component, _identifier: undefined });
    const result = checkComponent(text, 'Banner1');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.message).toContain('identifiers are stable');
    expect(result.problems[0]).toMatchObject({ from: 0, to: text.length });
  });

  it('does not check the identifier without an expected one', () => {
    expect(checkComponent(JSON.stringify({ ...component, _identifier: 'Other1' })).ok).toBe(true);
  });

  it('reports a syntax error as one problem, and a list as not a component', () => {
    expect(checkComponent('{"_component": "A",', 'A1')).toEqual({
      ok: false,
      problems: [{ message: 'Invalid JSON at line 1, column 20: Unexpected end of JSON input', from: 19, to: 19 }],
    });
    const result = checkComponent('[]', 'A1');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]!.message).toMatch(/^\(root\): /);
  });
});
