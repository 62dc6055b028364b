import { useTranslation } from '../../i18n/react';
import type { ProviderRef } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ProviderTile } from '../../components/ProviderTile';
import { GRID_COLUMNS } from '../../components/GameGrid';

/** A type's providers as tiles leading to their games on home (`/?type={typeId}&provider={id}`). */
/** Past a phone's first row (3 columns) a tile may be off screen: it is drawn when it comes near (`.kp-later-logo`). */
const LATER_FROM = 3;

export function ProviderGrid({ typeId, providers, label, lazy = false }: { typeId: number; providers: ProviderRef[]; label: string; lazy?: boolean }) {
  const { t } = useTranslation();
  if (!providers.length) return <EmptyState icon="gamepad" title={t('no_data.noDataFound')} />;
  return (
    <ul aria-label={label} className={GRID_COLUMNS}>
      {providers.map((provider, i) => (
        <ProviderTile key={provider.id} href={`/?type=${typeId}&provider=${provider.id}`} name={provider.name} image={provider.img} lazy={lazy} later={i >= LATER_FROM} />
      ))}
    </ul>
  );
}
