import { useActorRef } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Adjustment, AdjustmentAnswer, AdjustmentDirection, AdjustmentInput, AdjustmentKind, AdjustmentWallet } from '../../api/admin-adjust';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { formatAmount } from '../../lib/money';
import { connectConsoleAction, type ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';
import { ActionNote, useYangonTime } from './ops-shared';

const KIND_LABEL = { bonus: 'admin.adjustKindBonus', correction: 'admin.adjustKindCorrection', goodwill: 'admin.adjustKindGoodwill' } as const;
const WALLET_LABEL = { main: 'admin.adjustWalletMain', game: 'admin.adjustWalletGame' } as const;

/** A fresh Idempotency-Key for one submission (kept until it has an answer). */
const newKey = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `adj-${Date.now()}-${Math.random().toString(36).slice(2)}`);

function Select<W extends string>({ name, label, options, labels }: { name: string; label: string; options: readonly W[]; labels: Record<W, `admin.adjust${string}`> }) {
  const { t } = useTranslation();
  const id = `kc-adjust-${name}`;
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="field" defaultValue={options[0]}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(labels[o] as 'admin.adjustCredit')}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Adjust balance" on a player's page: credit or debit, wallet, kind, amount, reason; asked
 * first, then sent with the submission's Idempotency-Key (a retry of the same submission replays
 * it). The server says whether it was applied or waits for a second operator.
 */
// Long because it is one form: wallet, kind, amount and reason, the confirm step and the submission's Idempotency-Key kept together so a retry replays the same key.
export function AdjustBalance({ playerId, onChanged }: { playerId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const key = useRef(newKey());
  const answer = useRef<AdjustmentAnswer | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const actor = useActorRef(
    action<AdjustmentInput>(
      async (input) => {
        answer.current = await admin.adjust(playerId, input);
      },
      () => {
        const a = answer.current!.adjustment;
        return a.status === 'pending' ? t('admin.adjustPending', { id: a.id }) : t('admin.adjustApplied', { id: a.id });
      },
      () => {
        key.current = newKey();
        formRef.current?.reset();
        onChanged();
      },
    ),
  );
  const adjust = useView(actor, connectConsoleAction<AdjustmentInput>);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    adjust.ask({
      direction: String(form.get('direction')) as AdjustmentDirection,
      wallet: String(form.get('wallet')) as AdjustmentWallet,
      kind: String(form.get('kind')) as AdjustmentKind,
      amount: String(form.get('amount') ?? '').trim(),
      reason: String(form.get('reason') ?? '').trim(),
      key: key.current,
    });
  };
  const asked = adjust.asked;
  return (
    <section className="kc-stack" aria-label={t('admin.adjustTitle')} data-testid="adjust-balance">
      <h3 className="kc-h2">{t('admin.adjustTitle')}</h3>
      <p className="kc-muted kc-small">{t('admin.adjustHint')}</p>
      <form ref={formRef} className="kc-stack" onSubmit={submit}>
        <div className="kc-adjust-grid">
          <Select name="direction" label={t('admin.adjustDirection')} options={['credit', 'debit'] as const} labels={{ credit: 'admin.adjustCredit', debit: 'admin.adjustDebit' }} />
          <Select name="wallet" label={t('admin.adjustWallet')} options={['main', 'game'] as const} labels={WALLET_LABEL} />
          <Select name="kind" label={t('admin.adjustKind')} options={['bonus', 'correction', 'goodwill'] as const} labels={KIND_LABEL} />
          <Field label={t('admin.adjustAmount')} name="amount" numeric inputMode="decimal" required autoComplete="off" error={adjust.fieldErrors.amount} />
        </div>
        <Field label={t('admin.adjustReason')} name="reason" required minLength={3} maxLength={500} autoComplete="off" error={adjust.fieldErrors.reason} />
        <div className="kc-actions">
          <Button type="submit" busy={adjust.busy}>
            {t('admin.adjustSubmit')}
          </Button>
        </div>
      </form>
      <ActionNote result={adjust.result} />
      {asked ? (
        <ConfirmDialog
          title={t('admin.adjustTitle')}
          message={t(asked.direction === 'credit' ? 'admin.adjustPromptCredit' : 'admin.adjustPromptDebit', {
            amount: formatAmount(asked.amount),
            wallet: t(WALLET_LABEL[asked.wallet]),
            kind: t(KIND_LABEL[asked.kind]),
          })}
          confirm={t('admin.adjustSubmit')}
          onConfirm={adjust.confirm}
          onCancel={adjust.cancel}
        />
      ) : null}
    </section>
  );
}

interface DecisionRequest {
  id: number;
  decision: 'approve' | 'reject';
}

function PendingRow({ a, decide }: { a: Adjustment; decide: ConsoleActionView<DecisionRequest> }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  return (
    <li className="kc-row kc-stack" data-testid={`adjustment-${a.id}`}>
      <span className="kc-row-main">
        <span>
          #{a.id} · {a.user ? a.user.user_name : `#${a.user_id}`} · {t(KIND_LABEL[a.kind])} · {t(WALLET_LABEL[a.wallet])}
        </span>
        <Money value={a.amount} />
      </span>
      <span className="kc-small">{a.reason}</span>
      <span className="kc-muted kc-small">
        {t('admin.adjustAskedBy', { name: a.requested_by })} · {time(a.created_at)}
      </span>
      <span className="kc-actions">
        <Button busy={decide.inFlight?.id === a.id && decide.inFlight.decision === 'approve'} onClick={() => decide.ask({ id: a.id, decision: 'approve' })}>
          {t('admin.adjustApprove')}
        </Button>
        <Button variant="outline" busy={decide.inFlight?.id === a.id && decide.inFlight.decision === 'reject'} onClick={() => decide.ask({ id: a.id, decision: 'reject' })}>
          {t('admin.adjustReject')}
        </Button>
      </span>
    </li>
  );
}

/** Adjustments waiting for a second operator: approve (money moves) or reject (nothing moves), asked first. */
export function PendingAdjustments() {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  const listActor: ResourceActor = useActorRef(resource(() => admin.pendingAdjustments()));
  const list = useView(listActor, connectResource<{ adjustments: Adjustment[]; threshold: string }>);
  const decideActor = useActorRef(
    action<DecisionRequest>(
      (r) => admin.decideAdjustment(r.id, r.decision),
      (r) => (r.decision === 'approve' ? t('admin.adjustApprovedDone', { id: r.id }) : t('admin.adjustRejectedDone', { id: r.id })),
      () => list.refresh(),
    ),
  );
  const decide = useView(decideActor, connectConsoleAction<DecisionRequest>);
  const rows = list.data?.adjustments ?? [];
  const asked = decide.asked;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.adjustPendingTitle')} data-testid="pending-adjustments">
      <h2 className="kc-h2">{t('admin.adjustPendingTitle')}</h2>
      <Loaded view={list}>
        {list.data ? <p className="kc-muted kc-small">{t('admin.adjustPendingHint', { threshold: formatAmount(list.data.threshold) })}</p> : null}
        {rows.length === 0 ? <p className="kc-empty">{t('admin.adjustPendingNone')}</p> : null}
        <ul className="kc-rows">
          {rows.map((a) => (
            <PendingRow key={a.id} a={a} decide={decide} />
          ))}
        </ul>
      </Loaded>
      <ActionNote result={decide.result} />
      {asked ? (
        <ConfirmDialog
          title={t(asked.decision === 'approve' ? 'admin.adjustApprove' : 'admin.adjustReject')}
          message={t(asked.decision === 'approve' ? 'admin.adjustApprovePrompt' : 'admin.adjustRejectPrompt', { id: asked.id })}
          confirm={t(asked.decision === 'approve' ? 'admin.adjustApprove' : 'admin.adjustReject')}
          onConfirm={decide.confirm}
          onCancel={decide.cancel}
        />
      ) : null}
    </section>
  );
}
