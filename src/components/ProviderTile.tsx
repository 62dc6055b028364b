import { Link } from 'wouter';
import { Artwork } from './Artwork';

/** The generated provider artwork is a 3:2 card. */
export const PROVIDER_ART = { width: 300, height: 200 } as const;

/** A provider in a grid: its artwork and name, leading to its games. */
export function ProviderTile({ href, name, image, lazy, later }: { href: string; name: string; image: string | null | undefined; lazy?: boolean; later?: boolean }) {
  return (
    <li className={later ? 'kp-later-logo' : undefined}>
      <Link href={href} className="card flex h-full flex-col overflow-hidden transition-colors duration-150 hover:border-primary">
        <Artwork src={image} alt="" fallback={name} lazy={lazy} {...PROVIDER_ART} />
        <span className="flex min-h-11 items-center justify-center px-2 py-1.5 text-center text-xs font-semibold leading-tight sm:text-sm">{name}</span>
      </Link>
    </li>
  );
}
