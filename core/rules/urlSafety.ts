import { quote } from './quote';

/**
 * Which addresses the app accepts where a person types one: links in rich text, and the services Settings
 * points at. Pure, so main, the forms and the tests apply the same rule.
 */

/** Schemes a rich text link may have; a link without one is a path on the site (or //host/path). */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'applink']);

/** C0 controls or DEL: browsers drop some of them inside URLs ("java\tscript:" runs as javascript:). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The scheme a browser would read from an already trimmed URL, lowercased; null for a relative URL. */
function schemeOf(url: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? null;
}

export const LINK_KINDS = 'an http(s), mailto:, tel: or applink:// address, or a path on the site such as /help/';

/**
 * Why a link may not be inserted, or null when it may: http(s), mailto:, tel:, the app-link scheme
 * (core/rules/linkGenerator.ts) and relative paths. Everything else is refused, javascript: and data: above
 * all, in any case and however it is padded.
 */
export function linkUrlProblem(input: string): string | null {
  const url = input.trim();
  if (url === '') return 'Enter the link address.';
  if (hasControlCharacter(url))
    return `A link address cannot contain tabs, line breaks or other control characters. Use ${LINK_KINDS}.`;
  const scheme = schemeOf(url);
  if (scheme === null || LINK_SCHEMES.has(scheme)) return null;
  return `Links starting with "${quote(scheme)}:" are not allowed. Use ${LINK_KINDS}.`;
}

/** localhost, 127.0.0.0/8 and ::1: addresses that never leave this machine, so plain http is safe there. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

export const INSECURE_HTTP_REFUSED =
  'Use https: over plain http, anyone on the network can read and change what is sent, the api key included. ' +
  'Tick "Allow insecure http for this address" only for a service you trust on your own network.';

export const INSECURE_HTTP_WARNING =
  'Insecure: this address is reached over plain http, so anyone on the network can read and change what is sent, the api key included.';

/** Whether an address is plain http to another machine: the case that needs the user's explicit consent. */
export function isInsecureServiceUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * Why a service address may not be used, or null when it may: https anywhere, http on this machine, and
 * http elsewhere only when the user allowed insecure http for it.
 */
export function serviceUrlProblem(url: string, allowInsecureHttp: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter an http or https address';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Enter an http or https address';
  return isInsecureServiceUrl(url) && !allowInsecureHttp ? INSECURE_HTTP_REFUSED : null;
}
