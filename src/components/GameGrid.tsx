import type { ReactNode } from 'react';
import { Skeleton } from './Skeleton';

/** Spec §9: game grids are 3 columns on phones, 4 on tablets, 6 on wide screens. */
export const GRID_COLUMNS = 'grid grid-cols-3 gap-2 md:grid-cols-4 md:gap-3 lg:grid-cols-6';

export function GameGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={GRID_COLUMNS}>
      {children}
    </ul>
  );
}

/** Tile-shaped placeholders with the grid's own columns, announced once as loading. */
export function GameGridSkeleton({ label, count = 12, withButton = true }: { label: string; count?: number; withButton?: boolean }) {
  return (
    <div role="status" aria-label={label} className={GRID_COLUMNS}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card flex flex-col overflow-hidden">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="flex flex-col gap-2 p-2">
            <Skeleton className="h-3.5 w-4/5" />
            {withButton ? <Skeleton className="h-11 w-full rounded-xl" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
