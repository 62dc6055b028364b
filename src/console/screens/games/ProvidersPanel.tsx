import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import type { AdminProvider } from '../../../api/admin';
import { useView } from '../../../app/use-view';
import { connectResource } from '../../../machines/resource/resource.connect';
import { useConsole } from '../../context';
import { Loaded, type ResourceActor } from '../Loaded';
import { useTypeName } from './game-parts';
import { ShownSwitch } from './Switches';

/** Providers, each with its products per game type: hide a provider everywhere, or in one type only. */
export function ProvidersPanel() {
  const { t } = useTranslation();
  const { admin, resource } = useConsole();
  const typeName = useTypeName();
  const actor: ResourceActor = useActorRef(resource(() => admin.games.providers()));
  const list = useView(actor, connectResource<AdminProvider[]>);
  const providers = list.data ?? [];
  const refresh = list.refresh;
  return (
    <Loaded view={list}>
      <p className="kc-muted kc-small kg-note">{t('admin.gamesProvidersNote')}</p>
      <ul className="kc-plain kg-providers" aria-label={t('admin.gamesTabProviders')}>
        {providers.map((p) => (
          <li key={p.id} className="card kc-pad kg-provider">
            <div className="kg-provider-head">
              <img className="kg-thumb kg-thumb-sm" src={p.img_url} alt="" width={40} height={40} loading="lazy" decoding="async" />
              <span className="kg-provider-name">
                <strong>{p.name}</strong> <span className="kc-muted kc-small">{p.code}</span>
              </span>
              <ShownSwitch target="providers" id={p.id} status={p.status} name={p.name} changed={refresh} />
            </div>
            <ul className="kc-plain kg-products" aria-label={t('admin.gamesProductsOf', { name: p.name })}>
              {p.products.map((product) => (
                <li key={product.id} className={`kg-product${p.status !== 1 ? ' kg-dim' : ''}`}>
                  <span className="kg-product-name">
                    {typeName({ code: product.type_code, name: product.type_name })}
                    <span className="kc-muted kc-small kg-nowrap"> · {t('admin.gamesCount', { count: product.games })}</span>
                  </span>
                  <ShownSwitch target="products" id={product.id} status={product.status} name={`${p.name} · ${typeName({ code: product.type_code, name: product.type_name })}`} changed={refresh} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Loaded>
  );
}
