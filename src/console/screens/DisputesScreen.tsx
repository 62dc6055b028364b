import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Dispute, DisputeQuery } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import '../reports.css';
import { DisputeResults } from './DisputeResults';
import { Loaded, type ResourceActor } from './Loaded';

type By = 'player' | 'transaction';

function Results({ query }: { query: DisputeQuery }) {
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.disputes(query)));
  const found = useView(actor, connectResource<Dispute>);
  return <Loaded view={found}>{found.data ? <DisputeResults found={found.data} /> : null}</Loaded>;
}

/** Disputes: a player or an id the aggregator quotes → calls, transactions, rounds and their ledger rows. */
export function DisputesScreen() {
  const { t } = useTranslation();
  const [by, setBy] = useState<By>('player');
  const [query, setQuery] = useState<DisputeQuery | null>(null);
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    if (q) setQuery(by === 'player' ? { player: q } : { transaction: q });
  };
  const key = query ? JSON.stringify(query) : '';
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navDisputes')}</h1>
      </div>
      <section className="card kc-pad kc-stack" aria-label={t('admin.navDisputes')}>
        <p className="kc-muted">{t('admin.disputeHint')}</p>
        <Segmented<By>
          label={t('admin.disputeSearch')}
          options={[
            { value: 'player', label: t('admin.disputeByPlayer') },
            { value: 'transaction', label: t('admin.disputeByTransaction') },
          ]}
          value={by}
          onChange={setBy}
        />
        <form role="search" className="kc-search" onSubmit={search}>
          <Field key={by} label={t(by === 'player' ? 'admin.disputePlayerField' : 'admin.disputeTransactionField')} name="q" type="search" maxLength={by === 'player' ? 64 : 160} autoComplete="off" />
          <Button type="submit">{t('admin.disputeSearch')}</Button>
        </form>
      </section>
      {query ? <Results key={key} query={query} /> : null}
    </div>
  );
}
