import { Icon } from '../../../shared/components/Icon';

/** A bank's logo at a fixed size (nothing jumps while it loads); a bank icon when it has none. */
export function BankLogo({ src, size = 48 }: { src: string; size?: number }) {
  if (!src) {
    return (
      <span className="flex shrink-0 items-center justify-center rounded-xl bg-raised text-primary" style={{ width: size, height: size }} aria-hidden="true">
        <Icon name="bank" size={Math.round(size / 2)} />
      </span>
    );
  }
  // The name is always written next to the logo, so the image itself is decorative.
  return <img src={src} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-xl bg-raised object-contain" style={{ width: size, height: size }} />;
}
