import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useProfileMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { Icon } from '../../../shared/components/Icon';
import { connectNotificationSettings, type NotificationSettingsView } from '../../machines/notification-settings/notification-settings.connect';
import type { NotificationKind } from '../../api/notifications';

const KIND_LABEL = {
  deposit: 'notifications.kindDeposit',
  withdraw: 'notifications.kindWithdraw',
  two_d: 'notifications.kindTwoD',
  adjustment: 'notifications.kindAdjustment',
  announcements: 'notifications.kindAnnouncements',
  two_d_results: 'notifications.kindTwoDResults',
} as const satisfies Record<NotificationKind, string>;

/**
 * Which Telegram messages the bot sends this player (docs/telegram.md § Messages): a switch per
 * kind, security notices always on. Unlinked: how to get messages; blocked or stopped in
 * Telegram: what to do about it.
 */
export function NotificationsCard() {
  const { t } = useTranslation();
  const view = useView(useActorRef(useProfileMachines().notificationSettings), connectNotificationSettings);
  return (
    <section className="card p-5" aria-labelledby="notifications-title" data-testid="notifications-card">
      <h2 id="notifications-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name="telegram" size={20} className="text-primary" />
        {t('notifications.title')}
      </h2>
      <Body view={view} />
    </section>
  );
}

function Body({ view }: { view: NotificationSettingsView }) {
  const { t } = useTranslation();
  if (view.loading) {
    return (
      <div className="mt-4">
        <Spinner size={20} label={t('notifications.loading')} />
      </div>
    );
  }
  if (view.loadFailed) return <LoadFailed view={view} />;
  return (
    <>
      <p className="mt-2 text-sm text-muted">{view.linked ? t('notifications.hint') : t('notifications.notLinked')}</p>
      {view.blocked ? <Note text={t('notifications.blocked')} /> : null}
      {view.stopped ? <Stopped view={view} /> : null}
      <Switches view={view} />
      {view.error ? (
        <p role="alert" className="field-error mt-2">
          {view.error}
        </p>
      ) : null}
    </>
  );
}

function LoadFailed({ view }: { view: NotificationSettingsView }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3">
      <p role="alert" className="field-error">
        {view.error}
      </p>
      <Button variant="outline" className="mt-3" onClick={view.retry}>
        {t('notifications.retry')}
      </Button>
    </div>
  );
}

function Switches({ view }: { view: NotificationSettingsView }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-3 divide-y divide-line">
      {view.kinds.map(({ kind, on, saving }) => (
        <li key={kind}>
          <Switch label={t(KIND_LABEL[kind])} on={on} busy={saving} disabled={view.saving} onToggle={() => view.toggle(kind, !on)} testId={`notify-${kind}`} />
        </li>
      ))}
      <li>
        <Switch label={t('notifications.kindSecurity')} on busy={false} disabled hint={t('notifications.securityAlways')} testId="notify-security" />
      </li>
    </ul>
  );
}

function Note({ text }: { text: string }) {
  return <p className="mt-3 rounded-lg border border-line bg-raised p-3 text-sm">{text}</p>;
}

function Stopped({ view }: { view: NotificationSettingsView }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-lg border border-line bg-raised p-3 text-sm">
      <p>{t('notifications.stopped')}</p>
      <Button variant="outline" className="mt-2" busy={view.saving} onClick={view.resume}>
        {t('notifications.resume')}
      </Button>
    </div>
  );
}

/** A labelled on/off switch (role="switch"); the word beside it says the state, not only the colour. */
function Switch(props: { label: string; on: boolean; busy: boolean; disabled: boolean; hint?: string; onToggle?: () => void; testId: string }) {
  const { t } = useTranslation();
  const { label, on, busy, disabled, hint, onToggle, testId } = props;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={onToggle}
      data-testid={testId}
      className="flex min-h-12 w-full items-center justify-between gap-3 py-2 text-left disabled:cursor-default"
    >
      <span className="min-w-0">
        <span className="block font-medium">{label}</span>
        {hint ? <span className="block text-xs text-muted">{hint}</span> : null}
      </span>
      <span className="flex shrink-0 items-center gap-2 text-sm text-muted">
        {busy ? <Spinner size={14} /> : null}
        <span>{on ? t('notifications.on') : t('notifications.off')}</span>
        <span aria-hidden="true" className={`relative inline-block h-6 w-11 rounded-full transition-colors ${on ? 'bg-primary' : 'bg-line'}`}>
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${on ? 'left-5.5' : 'left-0.5'}`} />
        </span>
      </span>
    </button>
  );
}
