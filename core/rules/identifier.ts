export const IDENTIFIER_SUFFIX_LENGTH = 10;
export const IDENTIFIER_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Fills a byte array with random values; injected so tests can be deterministic. */
export type RandomBytes = (length: number) => Uint8Array;

const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A component identifier: its type name plus a random 10-character suffix (editor spec §3, §9). */
export function newIdentifier(componentType: string, randomBytes: RandomBytes = cryptoRandomBytes): string {
  // 62 does not divide 256, so reject the top bytes to keep every character equally likely.
  const limit = 256 - (256 % IDENTIFIER_ALPHABET.length);
  let suffix = '';
  while (suffix.length < IDENTIFIER_SUFFIX_LENGTH) {
    for (const byte of randomBytes(IDENTIFIER_SUFFIX_LENGTH)) {
      if (byte < limit && suffix.length < IDENTIFIER_SUFFIX_LENGTH) {
        suffix += IDENTIFIER_ALPHABET[byte % IDENTIFIER_ALPHABET.length];
      }
    }
  }
  return `${componentType}${suffix}`;
}
