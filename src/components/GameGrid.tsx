import type { ReactNode } from 'react';
import { Skeleton } from './Skeleton';

/** Spec §9: game grids are 3 columns on phones, 4 on tablets, 6 on wide screens. */
export const GRID_COLUMNS = 'grid grid-cols-3 gap-2 md:grid-cols-4 md:gap-3 lg:grid-cols-6';

/** `columns` replaces the spec's 3/4/6 where a row has a fixed size (the lobby's hot picks). */
export function GameGrid({ label, columns = GRID_COLUMNS, children }: { label?: string; columns?: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={columns}>
      {children}
    </ul>
  );
}

/** Tile-shaped placeholders with the grid's own columns, announced once as loading. */
export function GameGridSkeleton({ label, count = 12, withButton = true, columns = GRID_COLUMNS }: { label: string; count?: number; withButton?: boolean; columns?: string }) {
  return (
    <div role="status" aria-label={label} className={columns}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card flex flex-col overflow-hidden">
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="flex flex-col gap-2 p-2">
            <span className="block min-h-[2.6em] text-xs leading-tight sm:text-sm">
              <Skeleton className="h-3.5 w-4/5" />
            </span>
            {withButton ? <Skeleton className="h-11 w-full rounded-xl" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
