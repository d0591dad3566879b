import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import got, { CancelError, RequestError, type Options } from 'got';
import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import { quote } from '../../core/rules/quote';
import { checkFeedAddress, FEED_MAX_BYTES, type FeedAddressContext } from '../../core/rules/feedPolicy';
import { describeHttpFailure, httpFailureOf, RETRY_ERROR_CODES, RETRY_STATUS_CODES } from './http';

const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_REDIRECTS = 3;

/**
 * Loopback, private, link-local, shared (CGNAT), multicast and reserved ranges: a feed never comes from the
 * machine itself or its local network. BlockList checks IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) by the
 * IPv4 ranges; NAT64 and 6to4 addresses are refused whole rather than unpacked: no public feed is at one.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is anything but a public unicast address (also true for a string that is no IP). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Raised where a request would reach a non-public address; reported as a refusal, not as a network failure. */
class RefusedAddressError extends Error {
  readonly code = 'EFEEDREFUSED';
}

const refusedAddress = (host: string, address: string) =>
  new RefusedAddressError(`Feeds are not read from the local machine or a private network (${host} is ${address}).`);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS lookup of every feed connection: resolves the name once, refuses it when any of its addresses is not
 * public, and connects to exactly the addresses it checked, so a name cannot answer differently the second time.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused) return callback(refusedAddress(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
}

/** Every hop of a feed request, the first and each redirect: the address rule, then literal IPs. */
function checkedHop(address: string, context: FeedAddressContext): URL {
  const checked = checkFeedAddress(address, context);
  if (!checked.ok) throw new StudioError('forbidden', checked.problem);
  if (checked.sample) return checked.url;
  const host = checked.url.hostname.replace(/^\[|\]$/g, '');
  // A literal IP is connected to without a lookup, so it is checked here.
  if (isIP(host) && isNonPublicAddress(host)) throw refusedAddress(host, host);
  return checked.url;
}

const isJsonType = (type: string | undefined) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type ?? '');

/**
 * Reads a JSON feed for the preview (the Blog's posts): a GET to a public http(s) address or the embedded
 * server's sample feed, answered with JSON of at most 2 MB. Anything else becomes a clear StudioError that the
 * block shows in place, never a hang.
 */
export async function fetchJsonFeed(address: string, context: FeedAddressContext): Promise<unknown> {
  let url: URL;
  try {
    url = checkedHop(address, context);
  } catch (error) {
    throw feedError(error, quote(address));
  }
  const shownUrl = quote(url.href);
  try {
    const request = got(url, {
      method: 'GET',
      timeout: { request: FEED_TIMEOUT_MS },
      // One more attempt at most: the preview is waiting. The codes are the wrapper's one list.
      retry: { limit: 1, methods: ['GET'], statusCodes: RETRY_STATUS_CODES, errorCodes: RETRY_ERROR_CODES },
      headers: { accept: 'application/json' },
      responseType: 'buffer',
      dnsLookup: publicOnlyLookup as unknown as Options['dnsLookup'],
      maxRedirects: FEED_MAX_REDIRECTS,
      hooks: { beforeRedirect: [(options) => void checkedHop(String(options.url), context)] },
    });
    let tooLarge = false;
    request.on('downloadProgress', ({ transferred, total }) => {
      if (transferred > FEED_MAX_BYTES || (total ?? 0) > FEED_MAX_BYTES) {
        tooLarge = true;
        request.cancel();
      }
    });
    const response = await request.catch((error: unknown) => {
      if (tooLarge && error instanceof CancelError)
        throw new StudioError('failed', `The feed at ${shownUrl} is larger than 2 MB.`);
      throw error;
    });
    if (!isJsonType(response.headers['content-type'])) {
      throw new StudioError(
        'failed',
        `The feed at ${shownUrl} is not JSON (it is ${quote(response.headers['content-type'] ?? 'of no stated type')}).`,
      );
    }
    try {
      return JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new StudioError('failed', `The feed at ${shownUrl} is not valid JSON.`);
    }
  } catch (error) {
    throw feedError(error, shownUrl);
  }
}

function feedError(error: unknown, shownUrl: string): unknown {
  if (error instanceof StudioError) return error;
  // got wraps what its hooks and the lookup throw.
  const cause = error instanceof RequestError ? (error.cause ?? error) : error;
  if (cause instanceof StudioError) return cause;
  if (cause instanceof RefusedAddressError || (error as { code?: string }).code === 'EFEEDREFUSED') {
    return new StudioError('forbidden', errorMessage(cause));
  }
  // A feed that fails in any other way is unavailable to the preview, whatever the reason; the wording is shared.
  const failure = httpFailureOf(error, FEED_TIMEOUT_MS);
  return failure ? new StudioError('unavailable', describeHttpFailure('The feed', failure, shownUrl)) : error;
}
