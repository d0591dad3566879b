import type { z } from 'zod';
import { SERVICE_CHANNELS, type ServiceChannel } from '../../core/channels';
import { contract, describeIssues, issueDetails, type Contract, type Output } from '../../core/contract';
import { StudioError, type Result } from '../../core/result';
import { checkJsonLimits } from '../../core/rules/jsonLimits';
import { quote } from '../../core/rules/quote';
import { errorMessage } from '../../core/rules/errorMessage';

/** A service handler receives its input already parsed by the contract. */
export type ServiceHandlers = {
  [C in ServiceChannel]: (input: z.output<Contract[C]['input']>) => Promise<Output<C>>;
};

export type Dispatch = (channel: string, payload: unknown) => Promise<Result<unknown>>;

const serviceChannels = new Set<string>(SERVICE_CHANNELS);

export function isServiceChannel(channel: string): channel is ServiceChannel {
  return serviceChannels.has(channel);
}

/** Answers an unexpected failure with its message; StudioErrors keep their code. */
export function failure(error: unknown): Result<never> {
  if (error instanceof StudioError) {
    return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
  }
  const message = errorMessage(error);
  return { ok: false, error: { code: 'failed', message } };
}

/**
 * Parses a payload with a channel's input schema, as the shells do for their own channels too. Payloads past
 * the depth or size limit are refused first: zod, and any handler after it, would walk a deep one until the
 * stack overflows.
 */
export function parseInput<C extends keyof Contract>(
  channel: C,
  payload: unknown,
): { ok: true; value: z.output<Contract[C]['input']> } | { ok: false; error: Result<never> } {
  const tooLarge = checkJsonLimits(payload);
  if (tooLarge) {
    const message = `Refused request for ${channel}: the payload is ${tooLarge.message}.`;
    return { ok: false, error: { ok: false, error: { code: 'invalid-input', message } } };
  }
  const parsed = contract[channel].input.safeParse(payload ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as z.output<Contract[C]['input']> };
  return {
    ok: false,
    error: {
      ok: false,
      error: {
        code: 'invalid-input',
        message: `Invalid request for ${channel}: ${describeIssues(parsed.error)}`,
        details: issueDetails(parsed.error),
      },
    },
  };
}

/**
 * The one entry point both shells call (Electron's ipcMain and the browser host's POST /api/<channel>):
 * unknown channels and invalid payloads are answered with a clear error and reach no service. An answer past
 * the limits (a deep feed, an old page saved before them) fails with the limit named instead of being sent on.
 */
export function createDispatch(handlers: ServiceHandlers): Dispatch {
  return async (channel, payload) => {
    if (!isServiceChannel(channel)) {
      return { ok: false, error: { code: 'invalid-input', message: `Unknown channel: ${quote(channel)}` } };
    }
    const input = parseInput(channel, payload);
    if (!input.ok) return input.error;
    try {
      const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
      const value = await handler(input.value);
      const tooLarge = checkJsonLimits(value);
      if (tooLarge)
        return { ok: false, error: { code: 'failed', message: `The answer to ${channel} is ${tooLarge.message}.` } };
      return { ok: true, value };
    } catch (error) {
      return failure(error);
    }
  };
}
