import { useState } from 'react';

interface Props {
  /** Ready-to-use address (the composition root resolves the API's root-relative paths). */
  src: string | null | undefined;
  /** Empty for decorative art whose name is written next to it. */
  alt: string;
  /** Intrinsic size of the generated artwork; the box keeps this ratio before the image arrives. */
  width: number;
  height: number;
  /** Below the fold: let the browser fetch it when it is about to be seen. */
  lazy?: boolean;
  /** Shown in the box when there is no image or it failed to load (e.g. the name). */
  fallback?: string;
  className?: string;
  imgClassName?: string;
}

/**
 * Server artwork in a fixed-ratio box, so nothing jumps while images load on slow data. A missing
 * or broken image leaves a calm placeholder with the fallback text instead of a broken icon.
 */
export function Artwork({ src, alt, width, height, lazy = false, fallback, className = '', imgClassName = 'object-cover' }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <div className={`relative overflow-hidden bg-raised ${className}`} style={{ aspectRatio: `${width} / ${height}` }}>
      {broken ? (
        <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-sm font-bold text-muted" aria-hidden={alt ? undefined : true}>
          {fallback ?? alt}
        </span>
      ) : (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          onError={() => setFailed(src)}
          className={`absolute inset-0 h-full w-full ${imgClassName}`}
        />
      )}
    </div>
  );
}
