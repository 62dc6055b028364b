/**
 * Separation of duties (decision 0034): an operator who changed how a player signs in or what a
 * player holds cannot also pay that player out. The audit (audit_log, written in the same
 * transaction as every console change) is the one record read: the actions below, by this actor,
 * on this player, within DUTY_CONFLICT_DAYS.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { auditLog } from '../../db/schema';
import type { Actor } from './roles';

/** How long a change keeps its operator from approving that player's withdrawals. */
export const DUTY_CONFLICT_DAYS = 30;

/**
 * The audit actions (target `player`, id = the player's id) that conflict with approving the
 * player's withdrawal: a password reset, a phone change, a manual credit or debit and its approval.
 */
export const CONFLICTING_ACTIONS = ['player.password_reset', 'player.phone_change', 'player.adjust', 'player.adjust.approve'] as const;

/** Who acts, for the duties: each operator is their own; the ADMIN_TOKEN (CLI, automation) is one actor. */
export interface DutyActor {
  key: string;
  name: string;
}

export function dutyActor(actor: Actor): DutyActor {
  return actor.kind === 'operator' ? { key: `operator:${actor.operatorId}`, name: actor.name } : { key: 'admin-token', name: 'admin-token' };
}

/** The conflicting audit action this actor took on the player in the window, or null. */
export async function dutyConflict(db: DbOrTx, actor: Actor, playerId: number, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - DUTY_CONFLICT_DAYS * 86_400_000);
  const who = actor.kind === 'operator' ? eq(auditLog.operatorId, actor.operatorId) : eq(auditLog.actorKind, 'token');
  const [row] = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        // audit_log_target_idx (target_type, target_id) finds the player's few rows.
        eq(auditLog.targetType, 'player'),
        eq(auditLog.targetId, String(playerId)),
        inArray(auditLog.action, [...CONFLICTING_ACTIONS]),
        gte(auditLog.at, since),
        who,
      ),
    )
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  return row?.action ?? null;
}
