import { lazy, Suspense } from "react";

const MockupQr = lazy(() => import("./qr-drawings.tsx").then((module) => ({ default: module.MockupQr })));

/**
 * A phone showing the app's member screen, drawn here (no photo, no real device's
 * shape). The code on its screen (qr-drawings.tsx) follows once its encoder has loaded.
 */
export function PhoneMockup({ label }: { label: string }) {
  return (
    <svg
      className="phone-mockup"
      viewBox="0 0 240 480"
      width="240"
      height="480"
      role="img"
      aria-label={label}
    >
      <rect x="4" y="4" width="232" height="472" rx="36" fill="#1f1f1f" />
      <rect x="14" y="14" width="212" height="452" rx="28" fill="#fffaf5" />
      <rect x="92" y="22" width="56" height="12" rx="6" fill="#1f1f1f" />
      <rect x="14" y="44" width="212" height="64" fill="#c25700" />
      <text x="30" y="84" fill="#fff" fontSize="20" fontWeight="700" fontFamily="inherit">
        H Coins
      </text>
      <rect x="30" y="124" width="180" height="72" rx="12" fill="#fff" stroke="#f1d3bb" />
      <circle cx="56" cy="160" r="16" fill="#f5b301" />
      <text
        x="56"
        y="166"
        fill="#7a4b00"
        fontSize="16"
        fontWeight="800"
        textAnchor="middle"
        fontFamily="inherit"
      >
        H
      </text>
      <text x="82" y="154" fill="#5c5c5c" fontSize="11" fontFamily="inherit">
        H Coins
      </text>
      <text x="82" y="178" fill="#1f1f1f" fontSize="22" fontWeight="700" fontFamily="inherit">
        1,280
      </text>
      <rect x="62" y="212" width="116" height="116" rx="10" fill="#fff" stroke="#e4e4e4" />
      <Suspense fallback={null}>
        <MockupQr />
      </Suspense>
      <rect x="30" y="346" width="180" height="36" rx="18" fill="#c25700" />
      <rect x="30" y="392" width="84" height="48" rx="10" fill="#fff1e6" />
      <rect x="126" y="392" width="84" height="48" rx="10" fill="#e8f3ef" />
      <path d="M58 416h28M72 402v28" stroke="#c25700" strokeWidth="4" strokeLinecap="round" />
      <path d="M154 404h28v24h-28zM154 412h28" fill="none" stroke="#0f766e" strokeWidth="3" />
    </svg>
  );
}
