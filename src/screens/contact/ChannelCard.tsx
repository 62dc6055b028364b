import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ContactChannel } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { channelIcon, channelLabelKey, linkHandle, titleCase } from './channel';
import { LoadingBlock } from '../../components/LoadingBlock';
import { onExternalLinkClick } from '../../telegram/effects';

/** The channel's icon by name, else its image (lazy, fixed size), else a generic chat bubble. */
function ChannelBadge({ channel }: { channel: ContactChannel }) {
  const [broken, setBroken] = useState(false);
  const icon = channelIcon(channel.name);
  const box = 'flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-raised text-primary';
  if (icon) return <span className={box}><Icon name={icon} size={26} /></span>;
  if (channel.img && !broken) {
    return (
      <span className={box}>
        <img src={channel.img} alt="" width={48} height={48} loading="lazy" decoding="async" onError={() => setBroken(true)} className="h-full w-full object-cover" />
      </span>
    );
  }
  return <span className={box}><Icon name="chat" size={26} /></span>;
}

/** One support channel: opens its link in a new tab (inside Telegram, through Telegram: a chat or the browser). */
export function ChannelCard({ channel }: { channel: ContactChannel }) {
  const { t } = useTranslation();
  const labelKey = channelLabelKey(channel.name);
  const name = labelKey ? t(labelKey) : titleCase(channel.name);
  return (
    <a
      href={channel.link}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onExternalLinkClick}
      className="card group flex w-full items-center gap-3 p-3 transition-colors duration-150 hover:border-primary focus-visible:border-primary md:p-4"
    >
      <ChannelBadge channel={channel} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{name}</span>
        <span className="truncate text-sm text-muted" dir="ltr">
          {linkHandle(channel.link)}
        </span>
      </span>
      <span className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-xl bg-raised px-3 text-sm font-semibold text-primary group-hover:bg-primary group-hover:text-on-primary">
        {t('contact_page.chatNow')}
        <Icon name="arrowRight" size={16} />
      </span>
      <span className="sr-only">({t('contact_page.opensNewTab')})</span>
    </a>
  );
}

/** The channels' shape while they load, under 'Loading contact information...'. */
export function ChannelsSkeleton({ label }: { label: string }) {
  return (
    <LoadingBlock label={label}>
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="card flex items-center gap-3 p-3 md:p-4">
            <Skeleton className="h-12 w-12 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-11 w-24 rounded-xl" />
          </div>
        ))}
      </div>
    </LoadingBlock>
  );
}
