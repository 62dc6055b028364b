import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { fromPromise } from 'xstate';
import type { AuditEntry, AuditQuery } from '../../api/admin-ops';
import type { PageOf } from '../../api/types';
import { useView } from '../../app/use-view';
import { LoadFailed } from './Loaded';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { Spinner } from '../../components/Spinner';
import { pagedListMachine } from '../../machines/paged-list/paged-list.machine';
import { connectPagedList } from '../../machines/paged-list/paged-list.connect';
import { useConsole } from '../context';
import './ops.css';
import { useYangonTime } from './ops-shared';

/** The audited actions the filter offers (ids as the server writes them; words in admin.act<Action>). */
const ACTIONS = [
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.reset_totp',
  'operator.revoke_sessions',
  'operator.setup',
  'operator.password',
  'session.login',
  'session.login_failed',
  'session.logout',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'player.ban',
  'player.unban',
  'two_d.result',
  'two_d.result.reject',
  'two_d.holiday.set',
  'two_d.holiday.remove',
  'two_d.limit.set',
  'two_d.limit.remove',
  'two_d.closure.add',
  'two_d.closure.remove',
  'agent.create',
  'agent.account.create',
  'content.create',
  'content.update',
  'content.delete',
  'content.order',
  'media.upload',
];

/** 'two_d.result.reject' → 'TwoDResultReject' (the locale leaf after admin.act / admin.tgt). */
const wordKey = (id: string) => id.split(/[._]/).map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : '')).join('');
/** An id as words when no translation names it ("game.type.update" → "game type update"). */
const humanise = (id: string) => id.replace(/[._]/g, ' ');

function useWords() {
  const { t, i18n } = useTranslation();
  return {
    action: (id: string) => (i18n.exists(`admin.act${wordKey(id)}`) ? t(`admin.act${wordKey(id)}` as 'admin.actOperatorCreate') : humanise(id)),
    target: (type: string | null) => (type ? (i18n.exists(`admin.tgt${wordKey(type)}`) ? t(`admin.tgt${wordKey(type)}` as 'admin.tgtOperator') : humanise(type)) : ''),
  };
}

const show = (v: unknown) => (v === undefined ? '' : v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** The fields that differ between before and after (all of them for a create or a delete). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return before === after || (before == null && after == null) ? [] : [{ field: '', before: show(before), after: show(after) }];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .filter((f) => JSON.stringify(b?.[f]) !== JSON.stringify(a?.[f]))
    .map((f) => ({ field: f, before: b ? show(b[f]) : '', after: a ? show(a[f]) : '' }));
}

function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = changedFields(entry.before, entry.after);
  if (!rows.length) return <span className="kc-muted">{t('admin.opsNoChange')}</span>;
  return (
    <table className="kc-table kc-diff" data-testid="audit-diff">
      <thead>
        <tr>
          <th>{t('admin.opsField')}</th>
          <th>{t('admin.opsBefore')}</th>
          <th>{t('admin.opsAfter')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field}>
            <td className="kc-mono">{r.field}</td>
            <td className="kc-mono kc-bad">{r.before}</td>
            <td className="kc-mono kc-good">{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditRow({ entry: e, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  const words = useWords();
  return (
    <>
      <tr data-testid="audit-row">
        <td className="kc-small kc-nowrap">{time(e.at)}</td>
        <td>{e.actor}</td>
        <td>{words.action(e.action)}</td>
        <td>
          {words.target(e.target_type)} <span className="kc-mono">{e.target_id ?? ''}</span>
        </td>
        <td>
          <button type="button" className="btn-ghost kc-small" aria-expanded={open} onClick={onToggle}>
            {open ? t('admin.opsHideChange') : t('admin.opsShowChange')}
          </button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={5}>
            <Change entry={e} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The page's entries; each row unfolds to what it changed. */
function EntryTable({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <table className="kc-table kc-audit" aria-label={t('admin.opsAuditTitle')}>
      <thead>
        <tr>
          <th>{t('admin.opsWhen')}</th>
          <th>{t('admin.opsWho')}</th>
          <th>{t('admin.opsAction')}</th>
          <th>{t('admin.opsTarget')}</th>
          <th>{t('admin.opsChange')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((e) => (
          <AuditRow key={e.id} entry={e} open={open.has(e.id)} onToggle={() => toggle(e.id)} />
        ))}
      </tbody>
    </table>
  );
}

function Entries({ query }: { query: Omit<AuditQuery, 'page'> }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const actor = useActorRef(pagedListMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: { page: number } }): Promise<PageOf<unknown>> => admin.audit({ ...query, page: input.page })) } }));
  const list = useView(actor, connectPagedList);
  const items = list.items as AuditEntry[];
  if (list.error)
    return <LoadFailed message={list.error.message} onRetry={list.retry} />;
  if (list.loading && !items.length) return <div className="kc-center"><Spinner size={32} label={t('admin.loading')} /></div>;
  if (list.empty) return <p className="kc-empty">{t('admin.opsAuditEmpty')}</p>;
  return (
    <div className="kc-stack">
      <p className="kc-muted kc-small">{t('admin.opsEntries', { count: list.total })}</p>
      <div className="kc-scroll-x">
        <EntryTable items={items} />
      </div>
      <Pager page={list.page} lastPage={list.lastPage} hasPrev={list.hasPrev} hasNext={list.hasNext} busy={list.loading} onPrev={list.prev} onNext={list.next} />
    </div>
  );
}

/** Who, which action, which day: applied on submit; Clear empties the form and the query. */
function AuditFilters({ onApply, onClear }: { onApply: (query: Omit<AuditQuery, 'page'>) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const words = useWords();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onApply({ actor: value('actor'), action: value('action'), date: value('date') });
  };
  return (
    <form role="search" className="kc-filters" onSubmit={submit}>
      <Field label={t('admin.opsFilterOperator')} name="actor" maxLength={64} autoComplete="off" />
      <div>
        <label className="label" htmlFor="kc-audit-action">
          {t('admin.opsFilterAction')}
        </label>
        <select id="kc-audit-action" name="action" className="field" defaultValue="">
          <option value="">{t('admin.opsAll')}</option>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {words.action(a)}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('admin.opsFilterDate')} name="date" type="date" />
      <div className="kc-actions">
        <Button type="submit">{t('admin.opsApply')}</Button>
        <Button variant="ghost" onClick={onClear}>
          {t('admin.opsClear')}
        </Button>
      </div>
    </form>
  );
}

/** The audit log (owner): who did what, when (Yangon), to which target, and what changed; filtered and paged. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<Omit<AuditQuery, 'page'>>({});
  const [formKey, setFormKey] = useState(0);
  const clear = () => {
    setQuery({});
    setFormKey((k) => k + 1);
  };
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.opsAuditTitle')}</h1>
      </div>
      <section className="card kc-pad kc-stack" aria-label={t('admin.opsAuditTitle')}>
        <AuditFilters key={formKey} onApply={setQuery} onClear={clear} />
        <Entries key={JSON.stringify(query)} query={query} />
      </section>
    </div>
  );
}
