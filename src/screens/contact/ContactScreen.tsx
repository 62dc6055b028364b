import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { useContentMachines, type ContactChannel } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useResource } from '../shared/use-resource';
import { ChannelCard, ChannelsSkeleton } from './ChannelCard';
import { ClaimNote } from './ClaimNote';
import { ContactWelcome } from './ContactWelcome';

/** The promotion being claimed (Claim Offer leads here with ?promo=<id>); null when none. */
function usePromoParam(): number | null {
  const id = Number(new URLSearchParams(useSearch()).get('promo'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /contact (guests too): a welcome, then a card per support channel, opening in a new tab. */
export function ContactScreen() {
  const { t } = useTranslation();
  const contacts = useActorRef(useContentMachines().contacts);
  const { data: channels, failed, retry } = useResource<ContactChannel[]>(contacts);
  const promoId = usePromoParam();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <h1 className="text-xl font-bold md:text-2xl">{t('contact_page.title')}</h1>
      {promoId ? <ClaimNote promotionId={promoId} /> : null}
      <ContactWelcome />
      <section aria-labelledby="contact-channels" className="flex flex-col gap-3">
        <h2 id="contact-channels" className="text-lg font-bold">
          {t('contact_page.channelsTitle')}
        </h2>
        {failed ? (
          // Spec §8: an error screen with Try Again; the data is read again (no page reload needed).
          <ErrorState message={t('contact_page.failed')} onRetry={retry} />
        ) : !channels ? (
          <ChannelsSkeleton label={t('contact_page.loading')} />
        ) : channels.length === 0 ? (
          <EmptyState icon="chat" title={t('contact_page.empty')} hint={t('contact_page.emptyHint')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {channels.map((channel) => (
              <li key={channel.id} className="flex">
                <ChannelCard channel={channel} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
