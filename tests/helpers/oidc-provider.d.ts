/**
 * oidc-provider ships no types (and the tests may not add @types packages): the little of its API the test
 * identity provider (oidcProvider.ts) uses.
 */
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Token {
    kind: string;
    accountId?: string;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (context: unknown, id: string) => Promise<Account | undefined>;
        extraTokenClaims?: (context: unknown, token: Token) => Promise<Record<string, unknown> | undefined>;
      },
    );
    callback(): RequestListener;
  }
}
