import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useContentMachines, type Promotion } from '../../app/session';
import { useView } from '../../app/use-view';
import { EmptyState } from '../../components/EmptyState';
import { connectPromotionModal } from '../../machines/promotion-modal/promotion-modal.connect';
import { ResourceError } from '../shared/ResourceError';
import { useResource } from '../shared/use-resource';
import { InfoTiles } from './InfoTiles';
import { PromotionCard, PromotionGridSkeleton } from './PromotionCard';
import { PromotionDialog } from './PromotionDialog';

/** /promotion: the operator's promotions as a two-column grid, their details, and why play here. */
export function PromotionScreen() {
  const { i18n } = useTranslation();
  // The promotions come in the reader's language: a new language is a new read.
  return <Promotions key={i18n.language} />;
}

function Promotions() {
  const { t, i18n } = useTranslation();
  const machines = useContentMachines();
  // With the list the page came with: the first frame is the server's first screen.
  const list = useActorRef(machines.promotions, machines.promotionsStart(i18n.language));
  const modal = useActorRef(machines.promotionModal);
  const { data: promotions, failed } = useResource<Promotion[]>(list);
  const { openPromotion: open, openDetails, close, claim } = useView(modal, connectPromotionModal);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-bold md:text-2xl">{t('promotion.title')}</h1>
        <p className="text-sm text-muted">{t('promotion.subtitle')}</p>
      </header>
      {failed ? (
        <ResourceError actor={list} />
      ) : !promotions ? (
        <PromotionGridSkeleton label={t('promotion.loading')} />
      ) : promotions.length === 0 ? (
        <EmptyState icon="gift" title={t('promotion.empty')} hint={t('promotion.emptyHint')} />
      ) : (
        <ul aria-label={t('promotion.listLabel')} className="grid grid-cols-2 gap-3 md:gap-5">
          {promotions.map((promotion, index) => (
            <li key={promotion.id} className="flex">
              <PromotionCard promotion={promotion} lazy={index >= 2} onLearnMore={() => openDetails(promotion)} />
            </li>
          ))}
        </ul>
      )}
      <InfoTiles />
      {open ? (
        <PromotionDialog promotion={open} onClose={close} onClaim={claim} />
      ) : null}
    </div>
  );
}
