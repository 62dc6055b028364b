/**
 * The aggregator's callback bodies as zod schemas (docs/seamless.md; decision 0021). The protocol
 * answers in its own shape — a result code and an English message per entry or per transaction,
 * never the contract's 422 — so each schema's issue message IS the protocol's message, and
 * `firstProblem` hands the first one back. The request-level checks (operator, signature,
 * request_time, currency, batch size) stay in callbacks.ts, in the order the protocol ranks them.
 */
import { z } from 'zod';
import { CANCEL_ACTIONS } from '../../domain/seamless';
import { parseAmount, type Currency } from '../../domain/seamless-protocol';

const MAX_ID_LENGTH = 128;

/** An identifier sent as a string (trimmed, ≤ 128 characters before trimming) or a whole number. */
export const protocolId = z.union([
  z
    .number()
    .refine((n) => Number.isSafeInteger(n))
    .transform(String),
  z
    .string()
    .max(MAX_ID_LENGTH)
    .transform((s) => s.trim())
    .refine((s) => s !== ''),
]);

/** product_code: a JSON number or a digit string, 0…2^31-1. */
export const productCode = z.union([z.number(), z.string().regex(/^\d{1,9}$/).transform(Number)]).pipe(z.number().int().min(0).max(2_147_483_647));

/** member_account as the answer echoes it when a whole request is refused: a string of ≤ 128 characters, or nothing. */
export const echoedMember = z.string().max(MAX_ID_LENGTH).nullable().catch(null);

const idOrNothing = protocolId.optional().catch(undefined);

/** A signed amount in `currency` units as exact pya (seamless-protocol.ts parseAmount). */
function amountIn(currency: Currency) {
  const decimals = currency === 'MMK' ? 2 : 5;
  return z.unknown().transform((value, ctx) => {
    const pya = parseAmount(value, currency);
    if (pya !== undefined) return pya;
    ctx.addIssue({ code: 'custom', message: `Invalid amount for ${currency} (at most ${decimals} decimals)` });
    return z.NEVER;
  });
}

/**
 * One transaction of a withdraw or deposit: its id, action (upper case), amount in pya (a cancel may
 * leave it out: it refunds what we took, whatever it says), wager and game codes. A bet sent as a
 * negative amount (money leaving the wallet) is staked at its size.
 */
export function transactionSchema(endpoint: 'withdraw' | 'deposit', currency: Currency) {
  const key = `${endpoint} ${currency}`;
  let schema = transactionSchemas.get(key);
  if (!schema) transactionSchemas.set(key, (schema = buildTransactionSchema(endpoint, currency)));
  return schema;
}

const transactionSchemas = new Map<string, ReturnType<typeof buildTransactionSchema>>();

function buildTransactionSchema(endpoint: 'withdraw' | 'deposit', currency: Currency) {
  const action = z.string().transform((s) => s.trim().toUpperCase()).catch('');
  return z
    .object(
      {
        id: idOrNothing,
        action,
        amount: z.unknown().optional(),
        wager_code: idOrNothing,
        round_id: idOrNothing,
        game_code: idOrNothing,
      },
      { error: 'Malformed transaction' },
    )
    .transform((t, ctx) => {
      const id = t.id;
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Transaction id is missing' });
        return z.NEVER;
      }
      const missing = t.amount === undefined || t.amount === null;
      if (missing && !CANCEL_ACTIONS.has(t.action)) {
        ctx.addIssue({ code: 'custom', message: 'Transaction amount is missing' });
        return z.NEVER;
      }
      const read = missing ? { success: true as const, data: 0n } : amountIn(currency).safeParse(t.amount);
      if (!read.success) {
        ctx.addIssue({ code: 'custom', message: read.error.issues[0]!.message });
        return z.NEVER;
      }
      return {
        id,
        action: t.action,
        amount: endpoint === 'withdraw' && read.data < 0n ? -read.data : read.data,
        wagerCode: t.wager_code ?? t.round_id ?? id,
        gameCode: t.game_code ?? '',
      };
    });
}

/** A pushbetdata transaction: what is recorded (blank where it was not sent). */
export const betDataItem = z.object({
  wager_code: protocolId.catch(''),
  game_code: protocolId.catch(''),
  wager_status: z
    .string()
    .transform((s) => s.toUpperCase())
    .catch(''),
});

/** The data, or the protocol's message for the first problem. */
export function firstProblem<T>(schema: z.ZodType<T>, value: unknown): { ok: true; data: T } | { ok: false; message: string } {
  const read = schema.safeParse(value);
  return read.success ? { ok: true, data: read.data } : { ok: false, message: read.error.issues[0]!.message };
}
