import { useTranslation } from '../../../i18n/react';
import type { Shown, StatusTarget } from '../../../api/admin';
import { Spinner } from '../../../components/Spinner';
import { useConsole } from '../../context';
import { useSwitch } from './use-switch';

/** A labelled on/off switch (role="switch"); the words beside it say the state, not only the colour. */
function Switch({ on, busy, label, onWord, offWord, onToggle, testId }: { on: boolean; busy: boolean; label: string; onWord: string; offWord: string; onToggle: () => void; testId?: string }) {
  return (
    <button type="button" role="switch" aria-checked={on} aria-label={label} aria-busy={busy || undefined} className={`kg-switch${on ? ' kg-on' : ''}`} onClick={onToggle} disabled={busy} data-testid={testId}>
      <span className="kg-track" aria-hidden="true">
        <span className="kg-knob" />
      </span>
      <span className="kg-word">{on ? onWord : offWord}</span>
      {busy ? <Spinner size={14} /> : null}
    </button>
  );
}

/** Shown to players / hidden, for a type, provider, product or game; refused → back as it was, with the reason. */
export function ShownSwitch({ target, id, status, name, changed }: { target: StatusTarget; id: number; status: number; name: string; changed: () => void }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const s = useSwitch<Shown>(
    status === 1 ? 1 : 0,
    (next) => admin.games.setStatus(target, id, next),
    (next) => (next === 1 ? t('admin.gamesShownDone', { name }) : t('admin.gamesHiddenDone', { name })),
    changed,
  );
  return (
    <span className="kg-switch-cell">
      <Switch
        on={s.value === 1}
        busy={s.busy}
        label={t('admin.gamesShownFor', { name })}
        onWord={t('admin.shown')}
        offWord={t('admin.hidden')}
        onToggle={() => s.set(s.value === 1 ? 0 : 1)}
        testId={`shown-${target}-${id}`}
      />
      {s.result && !s.result.ok ? (
        <span role="alert" className="kc-bad kc-small">
          {s.result.message}
        </span>
      ) : null}
    </span>
  );
}

/** On the hot list or not (a game added goes last). */
export function HotSwitch({ id, hot, name, changed }: { id: number; hot: boolean; name: string; changed: () => void }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const s = useSwitch<boolean>(
    hot,
    (next) => admin.games.setHot(id, next),
    (next) => (next ? t('admin.gamesHotDone', { name }) : t('admin.gamesNotHotDone', { name })),
    changed,
  );
  return (
    <span className="kg-switch-cell">
      <Switch on={s.value} busy={s.busy} label={t('admin.gamesHotFor', { name })} onWord={t('admin.gamesHot')} offWord={t('admin.gamesNotHot')} onToggle={() => s.set(!s.value)} testId={`hot-${id}`} />
      {s.result && !s.result.ok ? (
        <span role="alert" className="kc-bad kc-small">
          {s.result.message}
        </span>
      ) : null}
    </span>
  );
}
