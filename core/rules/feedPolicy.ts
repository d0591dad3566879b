import { SAMPLE_BLOG_API_LINK } from '../catalogue/blog';
import type { Component } from '../schemas';
import { quote } from './quote';

/**
 * Which feeds main reads for the preview (issue 11, the feed relay). The preview names a block; the feed is
 * the one that block declares (today only the Blog's apiLink); and the address must be a public http(s) one:
 * never the app's own servers, and no loopback or private address except the sample feed of the embedded
 * server. Address checks that need name resolution live in main/services/feeds.ts.
 */

/** The largest feed main reads: a posts feed of 12 posts with embedded media is about 40 KB. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

const SAMPLE_FEED_PATH = new URL(SAMPLE_BLOG_API_LINK, 'http://sample.invalid').pathname;

/** The feed a block declares, as written in its content; null when its type declares none or it is empty. */
export function declaredFeed(component: Pick<Component, '_component' | 'content'>): string | null {
  if (component._component !== 'Blog') return null;
  const apiLink = component.content.apiLink;
  return typeof apiLink === 'string' && apiLink.trim() ? apiLink.trim() : null;
}

export interface FeedAddressContext {
  /** The embedded content server's origin: relative feeds resolve against it; only its sample feed is read. */
  embeddedServer: string;
  /** The origins of the app's own servers and services (content, mesh, search, the browser host...). */
  appOrigins: readonly string[];
}

export type FeedAddress =
  | { ok: true; url: URL; /** The shipped sample feed: the one loopback address allowed. */ sample: boolean }
  | { ok: false; problem: string };

/** Whether main may read a feed at this address, before any name is resolved. */
export function checkFeedAddress(address: string, context: FeedAddressContext): FeedAddress {
  let url: URL;
  try {
    url = new URL(address, context.embeddedServer);
  } catch {
    return { ok: false, problem: `The feed address ${quote(address)} is not a valid URL.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `Feeds are read over http or https, not ${quote(url.protocol)}` };
  }
  if (url.username || url.password)
    return { ok: false, problem: 'A feed address must not carry a user name or password.' };
  const embedded = new URL(context.embeddedServer);
  if (url.origin === embedded.origin) {
    return url.pathname === SAMPLE_FEED_PATH
      ? { ok: true, url, sample: true }
      : {
          ok: false,
          problem: `Only the sample feed is read from Storefront Studio’s own server, not ${quote(url.pathname)}.`,
        };
  }
  if (context.appOrigins.some((origin) => sameOrigin(origin, url))) {
    return { ok: false, problem: `Feeds are never read from Storefront Studio’s own services (${url.origin}).` };
  }
  return { ok: true, url, sample: false };
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}
