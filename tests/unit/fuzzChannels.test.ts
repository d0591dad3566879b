import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_CHANNELS } from '../../core/channels';
import { contract } from '../../core/contract';
import { quote } from '../../core/rules/quote';
import type { Result } from '../../core/result';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost';
import { parseInput } from '../../main/host/dispatch';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { makeTempDir } from './helpers/pages';

/**
 * A property-based fuzz of every channel in core/contract.ts (a new channel is fuzzed without touching this
 * file), through the dispatcher and through the browser host's POST /api/<channel>. Each payload is either a
 * hostile value as a whole, or a valid payload (built from the channel's own schema) with one field replaced
 * by a hostile value, removed, or joined by an extra field: wrong types, huge strings, deep nesting,
 * `__proto__` keys, path traversal and NUL bytes. Whatever arrives, the answer is a Result (never a throw or a
 * 5xx), an error is short, and a refused input writes no file; nothing is ever written outside the data folder.
 */

/** Bounded so the file takes well under a minute; FUZZ_SCALE=10 runs ten times as many payloads when hunting. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS_PER_CHANNEL_DISPATCH = 40 * SCALE;
const RUNS_PER_CHANNEL_HTTP = 15 * SCALE;
/**
 * Answers that refuse the input itself. Other errors come from a service that was asked (a conflict, a dead
 * address): a save records its pending save id in the draft before asking, by design (issue 11, point 11).
 */
const REFUSED_INPUT = new Set(['invalid-input', 'forbidden']);

/** Long enough for ten described issues with quoted values; a reflected 300 KB string is far over it. */
const MAX_ERROR_MESSAGE = 2_500;

const CHANNELS = Object.keys(contract) as (keyof typeof contract)[];
const SERVICE = new Set<string>(SERVICE_CHANNELS);

// ---- a valid payload for each channel, built from its input schema ----------------------------------------

interface SchemaDef {
  type: string;
  [field: string]: unknown;
}
interface Check {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  format?: string;
}
const defOf = (schema: unknown): SchemaDef => (schema as { _zod: { def: SchemaDef } })._zod.def;
const checksOf = (def: SchemaDef): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def);

/** A simple value a schema accepts, optional fields included (so they are fuzzed too): lists of one, the lowest number allowed. */
function sampleOf(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, sampleOf(field)]),
      );
    case 'string': {
      if (def.format === 'email') return 'fuzz@example.com';
      // A closed port on this machine: refused at once, where a real host would make every call wait.
      if (def.format === 'url') return 'http://127.0.0.1:9/fuzz';
      if (def.format === 'datetime') return '2026-11-24T10:00:00.000Z';
      const min = checksOf(def).find((check) => check.check === 'min_length')?.minimum ?? 1;
      return 'x'.repeat(Math.max(1, min));
    }
    case 'number': {
      const lower = checksOf(def).find((check) => check.check === 'greater_than');
      return lower ? lower.value! + (lower.inclusive ? 0 : 1) : 1;
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'nullable':
    case 'optional':
    case 'default':
      return sampleOf(def.innerType);
    case 'pipe':
      return sampleOf(def.in);
    case 'array':
      return [sampleOf(def.element)];
    case 'record':
      return {};
    case 'union':
      return sampleOf((def.options as unknown[])[0]);
    case 'unknown':
    case 'any':
      return null;
    default:
      throw new Error(`No sample for a ${def.type} schema: teach sampleOf it`);
  }
}

// ---- hostile values ---------------------------------------------------------------------------------------

const HUGE = 'A'.repeat(300_000);
/** A 300 KB string appears in a message only if something reflects it unquoted. */
const reflectsHuge = (text: string): boolean => text.includes(HUGE.slice(0, 101));

const TRAVERSAL_AND_NUL = [
  '../../../../etc/passwd',
  `${'../'.repeat(40)}outside.txt`,
  '..\\..\\..\\outside.txt',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '..',
  '.',
  '.hidden',
  'a/b',
  '%2e%2e%2f%2e%2e%2foutside.txt',
  '....//....//outside.txt',
  'nul\u0000byte',
  '\u0000',
  '../outside\u0000.json',
  'CON',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  { arbitrary: fc.constant(HUGE), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      ...TRAVERSAL_AND_NUL,
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://127.0.0.1:1/',
      'http://[',
      '%',
      '\ud800',
      '',
      ' ',
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

/** Arrays or objects nested past the 64-level limit, built without recursion. */
const deeplyNested = fc.tuple(fc.integer({ min: 65, max: 1_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = arrays ? [value] : { next: value };
  return value;
});

/** Own `__proto__` and `constructor.prototype` keys, as JSON.parse makes them from a request body. */
const prototypePolluter = fc
  .constant(null)
  .map(() => JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}') as unknown);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const hostileValue = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: wrongType, weight: 2 },
  { arbitrary: deeplyNested, weight: 1 },
  { arbitrary: prototypePolluter, weight: 1 },
  { arbitrary: fc.anything({ maxDepth: 3 }), weight: 1 },
);

// ---- payloads: hostile wholes, and valid payloads with one field spoilt --------------------------------------

type Path = readonly string[];

/** Every path into the nested objects and lists of a value; `objects` are where an extra field can go. */
function pathsOf(value: unknown, prefix: Path = []): { all: Path[]; objects: Path[]; strings: Path[] } {
  const found = { all: [] as Path[], objects: [] as Path[], strings: [] as Path[] };
  if (typeof value === 'string') found.strings.push(prefix);
  if (value === null || typeof value !== 'object') return found;
  if (!Array.isArray(value)) found.objects.push(prefix);
  for (const [key, child] of Object.entries(value)) {
    const inner = pathsOf(child, [...prefix, key]);
    found.all.push([...prefix, key], ...inner.all);
    found.objects.push(...inner.objects);
    found.strings.push(...inner.strings);
  }
  return found;
}

/** A copy of `value` with the path set (as an own property, `__proto__` included) or removed. */
function changedAt(value: unknown, path: Path, change: { set: unknown } | 'remove'): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (change === 'remove') delete parent[last];
  else Object.defineProperty(parent, last, { value: change.set, enumerable: true, writable: true, configurable: true });
  return copy;
}

function payloadsFor(channel: keyof typeof contract): fc.Arbitrary<unknown> {
  const sample = sampleOf(contract[channel].input);
  const paths = pathsOf(sample);
  // Mostly one spoilt field of an otherwise valid payload: that is what reaches the handlers.
  const options: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: hostileValue, weight: 1 }];
  if (paths.all.length > 0) {
    const path = fc.constantFrom(...paths.all);
    options.push({
      arbitrary: fc.tuple(path, hostileValue).map(([at, value]) => changedAt(sample, at, { set: value })),
      weight: 4,
    });
    options.push({ arbitrary: path.map((at) => changedAt(sample, at, 'remove')), weight: 1 });
  }
  if (paths.strings.length > 0) {
    // Key fields (page key segments, bookmarks, fascias, ...) with traversal and NUL bytes.
    const keyAttack = fc
      .tuple(fc.constantFrom(...paths.strings), fc.constantFrom(...TRAVERSAL_AND_NUL))
      .map(([at, value]) => changedAt(sample, at, { set: value }));
    options.push({ arbitrary: keyAttack, weight: 2 });
  }
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'k'.repeat(10_000));
  const extraField = fc
    .tuple(fc.constantFrom(...paths.objects), extraKey, hostileValue)
    .map(([at, key, value]) => changedAt(sample, [...at, key], { set: value }));
  options.push({ arbitrary: extraField, weight: 1 });
  return fc.oneof(...options);
}

// ---- what must hold ---------------------------------------------------------------------------------------

/**
 * Every file under a folder with its inode, size and change times (to the nanosecond): what "nothing was
 * written" is checked against. Any write changes them, an atomic replace the inode too, even when it writes the
 * same bytes; reading and hashing every file before and after each payload took a third of this file's time.
 */
async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(root, path);
    if (entry.isDirectory()) files[`${key}/`] = 'dir';
    else {
      const { ino, size, mtimeNs, ctimeNs } = await stat(path, { bigint: true });
      files[key] = `${ino} ${size} ${mtimeNs} ${ctimeNs}`;
    }
  }
  return files;
}

function expectResult(result: unknown, context: string): asserts result is Result<unknown> {
  expect(result, context).toBeTypeOf('object');
  const answer = result as Result<unknown>;
  if (answer.ok) return;
  expect(answer.ok, context).toBe(false);
  expect(answer.error.message, context).toBeTypeOf('string');
  expect(answer.error.message.length, context).toBeLessThan(MAX_ERROR_MESSAGE);
  expect(reflectsHuge(answer.error.message), context).toBe(false);
}

const describePayload = (payload: unknown): string => quote(payload);

/** Unexpected exceptions (a TypeError, a stack overflow) reach the client as code "failed": counted as crashes. */
const crashes: string[] = [];
let payloadsFuzzed = 0;

function recordCrash(channel: string, payload: unknown, result: Result<unknown>): void {
  if (!result.ok && result.error.code === 'failed')
    crashes.push(`${channel} ${describePayload(payload)}: ${result.error.message}`);
}

afterAll(() => {
  console.log(`fuzzChannels: ${payloadsFuzzed} payloads over ${CHANNELS.length} channels, ${crashes.length} crashes`);
});

// ---- the fuzz -------------------------------------------------------------------------------------------------

describe('every contract channel has a valid sample payload to spoil', () => {
  it.each(CHANNELS)('%s', (channel) => {
    expect(contract[channel].input.safeParse(sampleOf(contract[channel].input)).success).toBe(true);
  });
});

describe('fuzz through the dispatcher', () => {
  let root: string;
  let services: StudioServices;

  beforeAll(async () => {
    root = await makeTempDir();
    await mkdir(join(root, 'data'));
    // A file beside the data folder: traversal that escapes it would change or remove this.
    await writeFile(join(root, 'outside.txt'), 'not the app’s');
    services = await createStudioServices({
      dataDir: join(root, 'data'),
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(join(root, 'data')),
      secrets: createMemorySecretStore(),
    });
    await services.dispatch('signIn', { email: 'fuzz@example.com' });
  });
  // Each channel starts from the same settings, whatever the fuzz of updateSettings left behind.
  beforeEach(async () => {
    const reset = await services.dispatch('updateSettings', {
      useSampleServices: true,
      serviceUrls: { content: null },
    });
    expect(reset.ok).toBe(true);
  });
  afterAll(async () => {
    await services.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(CHANNELS.filter((channel) => SERVICE.has(channel)))(
    '%s answers every payload with a Result and writes nothing it refused',
    async (channel) => {
      await fc.assert(
        fc.asyncProperty(payloadsFor(channel), async (payload) => {
          payloadsFuzzed++;
          const before = await snapshot(root);
          const result = await services.dispatch(channel, payload);
          const context = `${channel} ${describePayload(payload)}`;
          expectResult(result, context);
          recordCrash(channel, payload, result);
          const after = await snapshot(root);
          if (!result.ok && REFUSED_INPUT.has(result.error.code)) expect(after, context).toEqual(before);
          expect(after['outside.txt'], context).toBe(before['outside.txt']);
          expect(
            Object.keys(after).filter((path) => !path.startsWith('data')),
            context,
          ).toEqual(['outside.txt']);
        }),
        { numRuns: RUNS_PER_CHANNEL_DISPATCH },
      );
      expect(crashes.filter((crash) => crash.startsWith(`${channel} `))).toEqual([]);
    },
  );

  it.each(CHANNELS.filter((channel) => !SERVICE.has(channel)))(
    '%s (a shell channel) is parsed without throwing',
    (channel) => {
      fc.assert(
        fc.property(payloadsFor(channel), (payload) => {
          payloadsFuzzed++;
          const parsed = parseInput(channel, payload);
          if (!parsed.ok) expectResult(parsed.error, `${channel} ${describePayload(payload)}`);
        }),
        { numRuns: RUNS_PER_CHANNEL_DISPATCH },
      );
    },
  );

  // Found by this fuzz: encodeURIComponent threw "URI malformed" (code "failed") on half of a character.
  it('refuses a page key or mesh path holding an unpaired surrogate, naming the field', async () => {
    const key = { fascia: 'jd', country: 'gb', page: 'home\ud800', source: 'ios', platform: 'app' };
    expect(await services.dispatch('openPage', { key })).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'Invalid request for openPage: key.page: must be valid Unicode text (it holds half of a character)',
        details: {
          issues: [{ path: ['key', 'page'], message: 'must be valid Unicode text (it holds half of a character)' }],
        },
      },
    });
    expect(
      await services.dispatch('meshCategoryProducts', {
        fascia: 'jd',
        path: 'men/\udc00',
        isNew: false,
        isOnSale: false,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('path: must be valid Unicode text') },
    });
    // A whole emoji is text like any other.
    expect(await services.dispatch('openPage', { key: { ...key, page: 'home-😀' } })).toMatchObject({ ok: true });
  });

  // Found by this fuzz: the URL parser's TypeError reached the client as code "failed".
  it('answers an image address the URL parser refuses as invalid input', async () => {
    expect(await services.dispatch('imageMetadata', { url: 'http://[' })).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'The image address http://[ is not a valid URL.' },
    });
  });

  it('left no polluted prototype behind', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe("fuzz through the browser host's POST /api/<channel>", () => {
  let root: string;
  let host: BrowserHost;

  beforeAll(async () => {
    root = await makeTempDir();
    await mkdir(join(root, 'data'));
    await mkdir(join(root, 'renderer'));
    await writeFile(join(root, 'outside.txt'), 'not the app’s');
    host = await startBrowserHost({
      port: 0,
      dataDir: join(root, 'data'),
      rendererDir: join(root, 'renderer'),
      resourcesDir: join(import.meta.dirname, '../../resources'),
      user: 'fuzz@example.com',
    });
  });
  beforeEach(async () => {
    const reset = await post('updateSettings', { useSampleServices: true, serviceUrls: { content: null } });
    expect(reset.status).toBe(200);
  });
  const post = (channel: string, payload: unknown) =>
    fetch(`${host.url}/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.url },
      body: JSON.stringify(payload) ?? '',
    });
  afterAll(async () => {
    await host.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each(CHANNELS)('POST /api/%s never answers 5xx and writes nothing it refused', async (channel) => {
    await fc.assert(
      fc.asyncProperty(payloadsFor(channel), async (payload) => {
        payloadsFuzzed++;
        const before = await snapshot(root);
        const response = await post(channel, payload);
        const context = `${channel} ${describePayload(payload)}`;
        expect(response.status, context).toBeLessThan(500);
        const result = (await response.json()) as Result<unknown>;
        expectResult(result, context);
        recordCrash(channel, payload, result);
        const after = await snapshot(root);
        if (!result.ok && REFUSED_INPUT.has(result.error.code)) expect(after, context).toEqual(before);
        expect(
          Object.keys(after).filter((path) => !path.startsWith('data') && !path.startsWith('renderer')),
          context,
        ).toEqual(['outside.txt']);
      }),
      { numRuns: RUNS_PER_CHANNEL_HTTP },
    );
    expect(crashes.filter((crash) => crash.startsWith(`${channel} `))).toEqual([]);
  });
});
