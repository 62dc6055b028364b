import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useContentMachines, type Promotion } from '../../app/session';
import { Icon } from '../../../shared/components/Icon';
import { useResource } from '../shared/use-resource';

/**
 * "Claiming: <title>" above the channels after Claim Offer. The title is read from the
 * promotions (not from the address), so a link cannot make the page announce an offer that
 * does not exist; an unknown or ended promotion shows nothing.
 */
export function ClaimNote({ promotionId }: { promotionId: number }) {
  const { i18n } = useTranslation();
  return <Note key={i18n.language} promotionId={promotionId} />;
}

function Note({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const promotions = useActorRef(useContentMachines().promotions);
  const { data } = useResource<Promotion[]>(promotions);
  const promotion = data?.find((p) => p.id === promotionId);
  if (!promotion) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-2xl border border-primary bg-surface p-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
        <Icon name="gift" size={20} />
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-semibold">{t('contact_page.claiming', { title: promotion.title })}</p>
        <p className="text-sm text-muted">{t('contact_page.claimingHint')}</p>
      </div>
    </div>
  );
}
