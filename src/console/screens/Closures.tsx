import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Closure } from '../../api/admin-ops';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { Loaded } from './Loaded';
import { ActionNote } from './ops-shared';
import { useRuleList } from './rule-list';

type ClosureInput = { kind: Closure['kind']; value: string };
const closureNumbers = (c: ClosureInput) => (c.kind === 'head' ? `${c.value}0–${c.value}9` : c.value);

/** A number (38) or a head (3: 30–39) to close; asked first. */
function ClosureForm({ close, form }: { close: ConsoleActionView<ClosureInput>; form: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Closure['kind']>('number');
  const errors = close.fieldErrors;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    close.ask({ kind, value: String(new FormData(e.currentTarget).get('value') ?? '').trim() });
  };
  return (
    <form ref={form} className="kc-inline-form" onSubmit={submit}>
      <div>
        <label className="label" htmlFor="kc-closure-kind">
          {t('admin.opsClosureKind')}
        </label>
        <select id="kc-closure-kind" className="field" value={kind} onChange={(e) => setKind(e.target.value as Closure['kind'])}>
          <option value="number">{t('admin.opsClosureNumber')}</option>
          <option value="head">{t('admin.opsClosureHead')}</option>
        </select>
      </div>
      <Field key={kind} label={t('admin.opsClosureValue')} name="value" numeric required pattern={kind === 'head' ? '[0-9]' : '[0-9]{2}'} maxLength={kind === 'head' ? 1 : 2} error={errors.value ?? errors.kind} />
      <Button type="submit" busy={close.busy}>
        {t('admin.opsClosureAdd')}
      </Button>
    </form>
  );
}

function ClosureList({ rows, reopen }: { rows: Closure[]; reopen: ConsoleActionView<ClosureInput> }) {
  const { t } = useTranslation();
  return (
    <>
      {rows.length === 0 ? <p className="kc-empty">{t('admin.opsClosureNone')}</p> : null}
      <ul className="kc-plain">
        {rows.map((c) => (
          <li key={`${c.kind}:${c.value}`} className="kc-line">
            <span className="kc-grow">
              {c.kind === 'head' ? t('admin.opsHeadOf', { value: c.value }) : <strong className="kc-mono">{c.value}</strong>}
              {c.kind === 'head' ? <span className="kc-muted kc-small"> · {c.numbers.join(' ')}</span> : null}
            </span>
            <Button variant="ghost" onClick={() => reopen.run({ kind: c.kind, value: c.value })}>
              {t('admin.opsClosureReopen')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Numbers players may not bet on: close one or a head (asked first), reopen one. */
export function Closures({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const { list, add: close, remove: reopen, form } = useRuleList<Closure[], ClosureInput, ClosureInput>(
    () => admin.closures(),
    { perform: (r) => admin.addClosure(r), words: (r) => t('admin.opsClosureAdded', { numbers: closureNumbers(r) }) },
    { perform: (r) => admin.removeClosure(r), words: (r) => t('admin.opsClosureRemoved', { numbers: closureNumbers(r) }) },
    onChanged,
  );
  const asked = close.asked;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsClosuresTitle')} data-testid="closures">
      <h2 className="kc-h2">{t('admin.opsClosuresTitle')}</h2>
      <p className="kc-muted kc-small">{t('admin.opsClosuresHint')}</p>
      <ClosureForm close={close} form={form} />
      <ActionNote result={close.result} />
      <Loaded view={list}>
        <ClosureList rows={list.data ?? []} reopen={reopen} />
      </Loaded>
      <ActionNote result={reopen.result} />
      {asked ? (
        <ConfirmDialog
          title={t('admin.opsClosureAdd')}
          message={t('admin.opsClosurePrompt', { numbers: closureNumbers(asked) })}
          confirm={t('admin.opsClosureAdd')}
          onConfirm={close.confirm}
          onCancel={close.cancel}
        />
      ) : null}
    </section>
  );
}
