import { mediaUrl } from "../api/media.ts";

/** Up to two letters of a brand's name ("Harbour Fresh" → "HF", "港灣鮮生" → "港"), for a brand without a logo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0])
    .join("")
    .toUpperCase();

/**
 * A brand's logo, or a neutral square with its initials when it has none. Decorative (alt=""):
 * the brand's name is always written beside it.
 */
export function BrandLogo({ name, token, size }: { name: string; token: string | null; size: number }) {
  if (token)
    return (
      <img
        className="brand-logo"
        src={mediaUrl(token)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  return (
    <span className="brand-logo brand-logo-missing" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
