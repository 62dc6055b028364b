import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import type { AdminGameType } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { connectResource } from '../../../machines/resource/resource.connect';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { useTypeName } from './game-parts';
import { ShownSwitch } from './Switches';

function TypeRow({ type, refresh }: { type: AdminGameType; refresh: () => void }) {
  const typeName = useTypeName();
  return (
    <tr>
      <td>
        <img className="kg-thumb kg-thumb-sm" src={type.img} alt="" width={32} height={32} loading="lazy" decoding="async" />
      </td>
      <td>
        <strong>{typeName(type)}</strong> <span className="kc-muted kc-small">{type.code}</span>
      </td>
      <td className="kg-num">{type.products}</td>
      <td className="kg-num">{type.games}</td>
      <td>
        <ShownSwitch target="types" id={type.id} status={type.status} name={typeName(type)} changed={refresh} />
      </td>
    </tr>
  );
}

/** Game types: the lobby's type strip. A hidden type leaves the strip, with all its games. */
export function TypesPanel() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.games.types()));
  const types = useView(actor, connectResource<AdminGameType[]>);
  return (
    <Loaded view={types}>
      <section className="card kc-pad" aria-label={t('admin.gamesTabTypes')}>
        <p className="kc-muted kc-small kg-note">{t('admin.gamesTypesNote')}</p>
        <table className="kc-table kg-table">
          <thead>
            <tr>
              <th scope="col" className="kg-thumb-col">
                <span className="kc-sr">{t('admin.gamesPicture')}</span>
              </th>
              <th scope="col">{t('admin.gamesType')}</th>
              <th scope="col" className="kg-num">{t('admin.gamesProviders')}</th>
              <th scope="col" className="kg-num">{t('admin.gamesGames')}</th>
              <th scope="col">{t('admin.gamesPlayersSee')}</th>
            </tr>
          </thead>
          <tbody>
            {(types.data ?? []).map((type) => (
              <TypeRow key={type.id} type={type} refresh={types.refresh} />
            ))}
          </tbody>
        </table>
      </section>
    </Loaded>
  );
}
