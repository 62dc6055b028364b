import { GRID_COLUMNS } from '../../components/GameGrid';
import { Skeleton } from '../../components/Skeleton';

/** A heading and a row of provider tiles while the catalogue loads. */
export function ProvidersSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-6 w-32" />
      <div className={GRID_COLUMNS}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/2] w-full rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
