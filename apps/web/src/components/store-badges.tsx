import { config } from "../lib/config.ts";

/**
 * App Store and Google Play buttons, drawn here as SVG: no artwork is fetched from
 * outside and no company's logo is copied (the icons are generic). The texts come
 * from the calling screen's catalogue, so each language gets its own badge.
 */
export interface BadgeText {
  /** Accessible name of the link, e.g. "Download on the App Store". */
  label: string;
  /** The small line above the store name, e.g. "Download on the". */
  caption: string;
}

type Store = "appStore" | "googlePlay";

const STORE_NAME: Record<Store, string> = { appStore: "App Store", googlePlay: "Google Play" };

function StoreIcon({ store }: { store: Store }) {
  // A phone with a download arrow, and a shopping bag: generic, no company's mark.
  return store === "appStore" ? (
    <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="12" y="9" width="16" height="26" rx="3" />
      <path d="M20 15v10m-4-4 4 4 4-4" />
    </g>
  ) : (
    <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M11 16h18l-2 18H13z" />
      <path d="M16 16v-2a4 4 0 0 1 8 0v2" />
    </g>
  );
}

function Badge({ store, text }: { store: Store; text: BadgeText }) {
  return (
    <svg className="store-badge-art" viewBox="0 0 160 44" width="160" height="44" aria-hidden="true">
      <rect x="0.5" y="0.5" width="159" height="43" rx="8" fill="#111" stroke="#888" />
      <StoreIcon store={store} />
      <text x="38" y="17" fill="#fff" fontSize="9.5" fontFamily="inherit">
        {text.caption}
      </text>
      <text x="38" y="34" fill="#fff" fontSize="16" fontWeight="600" fontFamily="inherit">
        {STORE_NAME[store]}
      </text>
    </svg>
  );
}

export function StoreBadges({
  appStore,
  googlePlay,
  className,
}: {
  appStore: BadgeText;
  googlePlay: BadgeText;
  className?: string;
}) {
  return (
    <ul className={`store-badges ${className ?? ""}`}>
      <li>
        <a className="store-badge" href={config.appStoreUrl} aria-label={appStore.label}>
          <Badge store="appStore" text={appStore} />
        </a>
      </li>
      <li>
        <a className="store-badge" href={config.googlePlayUrl} aria-label={googlePlay.label}>
          <Badge store="googlePlay" text={googlePlay} />
        </a>
      </li>
    </ul>
  );
}
