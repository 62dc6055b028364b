import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import type { AdminGameType, AdminProvider, GameFilter } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { connectResource } from '../../../machines/resource/resource.connect';
import { useConsole } from '../../context';
import { useTypeName } from './game-parts';

type FilterProps = { filter: GameFilter; change: (next: Partial<GameFilter>) => void };

export function TypeFilter({ filter, change }: FilterProps) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { admin, resource } = useConsole();
  const actor = useActorRef(resource(() => admin.games.types()));
  const types = useView(actor, connectResource<AdminGameType[]>).data ?? [];
  return (
    <label className="kg-filter">
      <span className="kc-small kc-muted">{t('admin.gamesType')}</span>
      <select className="field" value={filter.type ?? ''} onChange={(e) => change({ type: e.target.value ? Number(e.target.value) : undefined })}>
        <option value="">{t('admin.gamesAll')}</option>
        {types.map((type) => (
          <option key={type.id} value={type.id}>
            {typeName(type)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The providers, narrowed to those with a product in the chosen type. */
export function ProviderFilter({ filter, change }: FilterProps) {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor = useActorRef(resource(() => admin.games.providers()));
  const providers = useView(actor, connectResource<AdminProvider[]>).data ?? [];
  return (
    <label className="kg-filter">
      <span className="kc-small kc-muted">{t('admin.gamesProvider')}</span>
      <select className="field" value={filter.provider ?? ''} onChange={(e) => change({ provider: e.target.value ? Number(e.target.value) : undefined })}>
        <option value="">{t('admin.gamesAll')}</option>
        {providers
          .filter((p) => !filter.type || p.products.some((product) => product.game_type_id === filter.type))
          .map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
      </select>
    </label>
  );
}

/** Hot only, hidden only. */
export function FlagFilters({ filter, change }: FilterProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="kg-check">
        <input type="checkbox" checked={!!filter.hot} onChange={(e) => change({ hot: e.target.checked || undefined })} />
        {t('admin.gamesHotOnly')}
      </label>
      <label className="kg-check">
        <input type="checkbox" checked={!!filter.hidden} onChange={(e) => change({ hidden: e.target.checked || undefined })} />
        {t('admin.gamesHiddenOnly')}
      </label>
    </>
  );
}
