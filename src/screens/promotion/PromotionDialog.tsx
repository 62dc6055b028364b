import { useTranslation } from '../../i18n/react';
import type { Promotion } from '../../app/session';
import { Artwork } from '../../components/Artwork';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../../shared/components/Icon';
import { artForReader } from '../../../shared/art-url';
import { useArtUrl } from '../shared/use-art-url';
import { LimitedTimeTag, PROMO_ART } from './PromotionCard';

interface Props {
  promotion: Promotion;
  onClose: () => void;
  onClaim: () => void;
}

/** A promotion's details: the whole text, how to claim it, Close and Claim Offer (spec §2, §4). */
export function PromotionDialog({ promotion, onClose, onClaim }: Props) {
  const { t } = useTranslation();
  const art = useArtUrl(artForReader);
  return (
    <Dialog title={promotion.title} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <Artwork src={art(promotion.img)} alt="" {...PROMO_ART} fallback={promotion.title} className="rounded-2xl" />
        <LimitedTimeTag className="self-start" />
        <p className="whitespace-pre-line leading-relaxed">{promotion.description}</p>
        <p className="flex items-start gap-2 rounded-xl bg-raised p-3 text-sm text-muted">
          <Icon name="info" size={18} className="mt-0.5 shrink-0 text-primary" />
          <span>{t('promotion.claimHint')}</span>
        </p>
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn-outline" onClick={onClose}>
            {t('btn.close')}
          </button>
          <button type="button" className="btn-primary" onClick={onClaim}>
            <Icon name="gift" size={18} />
            {t('promotion.claimOffer')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
