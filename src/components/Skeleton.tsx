/** A grey placeholder block that pulses while data loads (the pulse stops under reduced motion). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-raised ${className}`} />;
}

/** A list of card-shaped placeholders, announced once as "loading". */
export function SkeletonCards({ count = 3, label, lines = 2 }: { count?: number; label: string; lines?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card flex items-center gap-4 p-4">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            {Array.from({ length: lines - 1 }, (_, j) => (
              <Skeleton key={j} className="h-3.5 w-3/5" />
            ))}
          </div>
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** A form's shape (a card, then label-and-field pairs) while what it needs loads. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="card flex flex-col gap-4 p-5">
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-11 w-full rounded-xl" />
    </div>
  );
}
