import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectPopupAd, selectPopupOpen } from '../../machines/popup-ad/popup-ad.selectors';
import { useGameMachines } from '../../app/session';
import { Dialog } from '../../components/Dialog';

/** Spec: the ad image is 150 px high and as wide as the dialog. */
const AD_IMAGE_HEIGHT = 150;

/** The pop-up ad: opens by itself once per browser session when the ad has an image. */
export function PopupAd() {
  const machines = useGameMachines();
  const actor = useActorRef(machines.popupAd, { input: { alreadyShown: machines.popupAlreadyShown() } });
  const open = useSelector(actor, selectPopupOpen);
  const ad = useSelector(actor, selectPopupAd);
  if (!open || !ad) return null;
  return <AdDialog img={ad.img} text={ad.text} onClose={() => actor.send({ type: 'popup.close' })} />;
}

function AdDialog({ img, text, onClose }: { img: string; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('home.popupTitle')} onClose={onClose}>
      <img
        src={img}
        alt={text}
        height={AD_IMAGE_HEIGHT}
        decoding="async"
        className="w-full rounded-2xl bg-raised object-cover"
        style={{ height: AD_IMAGE_HEIGHT }}
      />
      {text ? <p className="mt-4 text-center">{text}</p> : null}
      <button type="button" className="btn-primary mt-5 w-full" onClick={onClose}>
        {t('btn.close')}
      </button>
    </Dialog>
  );
}
