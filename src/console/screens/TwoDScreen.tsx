import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Exposure } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Segmented } from '../../components/Segmented';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';
import { ResultForm, type DrawView } from './ResultForm';
import { DrawsToday, TwoDRules } from './TwoDRules';

type Session = 'morning' | 'evening';

function ExposureGrid({ exposure }: { exposure: Exposure }) {
  const { t } = useTranslation();
  const worst = Math.max(0, ...exposure.numbers.map((n) => Number(n.payout_at_risk)));
  const rows = Array.from({ length: 10 }, (_, r) => exposure.numbers.slice(r * 10, r * 10 + 10));
  return (
    <div className="kc-grid100" role="table" aria-label={t('admin.exposureTitle')}>
      {rows.map((row, r) => (
        <div key={r} role="row" className="kc-grid-row">
          {row.map((n) => {
            const risk = Number(n.payout_at_risk);
            const hot = risk > 0 && risk === worst;
            const stakes = Number(n.stakes);
            return (
              <div
                key={n.number}
                role="cell"
                className={`kc-cell${n.closed ? ' kc-closed' : ''}${hot ? ' kc-hot' : ''}${n.bets ? ' kc-has' : ''}`}
                title={`${n.number}: ${t('admin.stakes')} ${n.stakes} · ${t('admin.payoutAtRisk')} ${n.payout_at_risk} · ${t('admin.breakLeft')} ${n.left}`}
              >
                <strong>{n.number}</strong>
                <span>{stakes ? stakes.toLocaleString('en-US') : '\u00a0'}</span>
                {n.closed ? <span className="kc-small">{t('admin.closed')}</span> : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Draw({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(
    resource(async (): Promise<DrawView> => {
      const exposure = await admin.exposure(session);
      const results = await admin.results(exposure.date);
      return { exposure, result: results.find((r) => r.session === session) ?? null, day: results };
    }),
  );
  const draw = useView(actor, connectResource<DrawView>);
  const data = draw.data;
  return (
    <Loaded view={draw}>
      {data ? (
        <div className="kc-two-d">
          <section className="card kc-pad" aria-label={t('admin.exposureTitle')}>
            <div className="kc-page-head">
              <h2 className="kc-h2">{t('admin.exposureTitle')} · {data.exposure.date}</h2>
              <span className="kc-muted">
                {t('admin.totalStakes')}: <strong className="money">{Number(data.exposure.total_stakes).toLocaleString('en-US')}</strong> · {t('admin.worstPayout')}:{' '}
                <strong className="money">{Number(data.exposure.worst_payout).toLocaleString('en-US')}</strong>
              </span>
              <button type="button" className="btn-ghost kc-push" onClick={draw.refresh}>
                {t('admin.refresh')}
              </button>
            </div>
            <ExposureGrid exposure={data.exposure} />
          </section>
          <div className="kc-stack">
            <ResultForm key={`${data.exposure.date}-${session}`} view={data} session={session} onChanged={draw.refresh} />
            <DrawsToday results={data.day ?? []} closedDay={data.exposure.trading_day === false} />
          </div>
        </div>
      ) : null}
    </Loaded>
  );
}

/** 2D: today's draws, the stakes on each number, the result (enter, confirm → settle; or a second operator's confirm), holidays, closures and breaks. */
export function TwoDScreen() {
  const { t } = useTranslation();
  const [session, setSession] = useState<Session>('morning');
  // Closing a number or changing a break changes the exposure: the draw reloads.
  const [version, setVersion] = useState(0);
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.twoDTitle')}</h1>
        <Segmented<Session>
          label={t('admin.session')}
          value={session}
          onChange={setSession}
          options={[
            { value: 'morning', label: t('admin.morning') },
            { value: 'evening', label: t('admin.evening') },
          ]}
        />
      </div>
      <Draw key={`${session}-${version}`} session={session} />
      <TwoDRules onChanged={() => setVersion((v) => v + 1)} />
    </div>
  );
}
