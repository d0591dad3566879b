/*
 * The only globals core may use: web-platform APIs that both of its hosts (Node 20+ and Chromium) provide.
 * core's tsconfig loads neither the DOM lib nor @types/node, so anything else (document, window, Buffer,
 * process, node:*) fails the typecheck. Add a global here only when both hosts have it.
 */
/* eslint-disable no-var -- globals are vars, as in TypeScript's own libs, so globalThis.crypto sees them */

interface URLSearchParams extends Iterable<[string, string]> {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  toString(): string;
}
declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string> | Iterable<[string, string]>): URLSearchParams;
};

interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}
declare var URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
  canParse(url: string | URL, base?: string | URL): boolean;
};

declare function structuredClone<T>(value: T): T;

declare var crypto: {
  getRandomValues<T extends Uint8Array | Uint16Array | Uint32Array>(array: T): T;
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
};
