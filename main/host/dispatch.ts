import type { z } from 'zod';
import { SERVICE_CHANNELS, type ServiceChannel } from '../../core/channels';
import { contract, describeIssues, type Contract, type Output } from '../../core/contract';
import { StudioError, type Result } from '../../core/result';
import { checkJsonLimits } from '../../core/rules/jsonLimits';
import { quote } from '../../core/rules/quote';

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
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: 'failed', message } };
}

/** Parses a payload with a channel's input schema, as the shells do for their own channels too. */
export function parseInput<C extends keyof Contract>(
  channel: C,
  payload: unknown,
): { ok: true; value: z.output<Contract[C]['input']> } | { ok: false; error: Result<never> } {
  const parsed = contract[channel].input.safeParse(payload ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as z.output<Contract[C]['input']> };
  return {
    ok: false,
    error: {
      ok: false,
      error: { code: 'invalid-input', message: `Invalid request for ${channel}: ${describeIssues(parsed.error)}` },
    },
  };
}

/**
 * The one entry point both shells call (Electron's ipcMain and the browser host's POST /api/<channel>):
 * unknown channels and invalid payloads are answered with a clear error and reach no service. Payloads past
 * the depth or size limit are refused before zod or any service walks them (a deep one overflows the stack).
 */
export function createDispatch(handlers: ServiceHandlers): Dispatch {
  return async (channel, payload) => {
    if (!isServiceChannel(channel)) {
      return { ok: false, error: { code: 'invalid-input', message: `Unknown channel: ${quote(channel)}` } };
    }
    const tooLarge = checkJsonLimits(payload);
    if (tooLarge) {
      return { ok: false, error: { code: 'invalid-input', message: `Refused request for ${channel}: the payload is ${tooLarge.message}.` } };
    }
    const input = parseInput(channel, payload);
    if (!input.ok) return input.error;
    try {
      const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(input.value) };
    } catch (error) {
      return failure(error);
    }
  };
}
