import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { useTwoDMachines, type Slip, type TwoDSession } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { SkeletonCards } from '../../components/Skeleton';
import { RequireLogin } from '../auth/RequireLogin';
import { ResourceError } from '../shared/ResourceError';
import { useResource, type ResourceActor } from '../shared/use-resource';
import { drawOf, formatClock } from './draw-times';
import { SlipDetail, SlipRow } from './SlipDetail';

export const MorningSlipScreen = () => <SlipScreen session="morning" />;
export const EveningSlipScreen = () => <SlipScreen session="evening" />;

/** /morning-bet-slip, /evening-bet-slip: today's slips of one draw, the latest in detail. */
function SlipScreen({ session }: { session: TwoDSession }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title={t(session === 'morning' ? 'two_d.morningSlips' : 'two_d.eveningSlips', { time: formatClock(drawOf(session).draw) })} backHref="/2d" />
      <RequireLogin>
        <Slips session={session} />
      </RequireLogin>
    </div>
  );
}

function Slips({ session }: { session: TwoDSession }) {
  const machines = useTwoDMachines();
  const actor = useActorRef(session === 'morning' ? machines.morningSlips : machines.eveningSlips);
  return <SlipList actor={actor} />;
}

function SlipList({ actor }: { actor: ResourceActor }) {
  const { t } = useTranslation();
  const { data: slips, failed } = useResource<Slip[]>(actor);
  if (failed) return <ResourceError actor={actor} />;
  if (!slips) return <SkeletonCards label={t('common.loading')} count={3} />;
  const [first, ...others] = slips;
  if (!first) return <EmptyState icon="receipt" title={t('two_d.noSlips')} hint={t('two_d.noSlipsHint')} />;
  return (
    <>
      <SlipDetail slip={first} />
      {others.length ? (
        <section aria-labelledby="other-slips" className="flex flex-col gap-2">
          <h2 id="other-slips" className="text-lg font-bold">
            {t('two_d.otherSlips')}
          </h2>
          <ul className="flex flex-col gap-2">
            {others.map((slip) => (
              <SlipRow key={slip.id} slip={slip} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
