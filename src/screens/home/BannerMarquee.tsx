import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useGameMachines } from '../../app/session';
import { Marquee } from '../../components/Marquee';
import { useResource } from '../shared/use-resource';

/** The first banner_text in the reader's language, scrolling; nothing when there is none. */
export function BannerMarquee() {
  const { i18n } = useTranslation();
  // The text comes per language: a new language is a new read.
  return <LanguageMarquee key={i18n.language} />;
}

function LanguageMarquee() {
  const { t } = useTranslation();
  const actor = useActorRef(useGameMachines().bannerText);
  const { data: text, loading } = useResource<string | null>(actor);
  // Its line is kept while the text loads, so the strip below does not jump when it arrives.
  if (loading && text === null) return <div className="min-h-11" aria-hidden="true" />;
  // Failed, none or blank: the Marquee draws nothing rather than an empty box.
  return <Marquee text={text} label={t('home.announcement')} />;
}
