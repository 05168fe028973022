/**
 * The seed's images, drawn in code as SVG: the welcome page's banners (a mobile
 * and a desktop layout each) and a logo and shop-front card per brand. They pass
 * through the media store's SVG sanitiser like any uploaded file.
 */

const FONT = "'Noto Sans CJK TC', 'PingFang HK', 'Microsoft JhengHei', 'Helvetica Neue', Arial, sans-serif";

export type BannerLayout = "mobile" | "desktop";

const SIZE: Record<BannerLayout, { width: number; height: number }> = {
  mobile: { width: 750, height: 560 },
  desktop: { width: 1920, height: 600 },
};

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function text(
  x: number,
  y: number,
  content: string,
  options: {
    size: number;
    weight?: number;
    fill?: string;
    anchor?: "start" | "middle" | "end";
    spacing?: number;
  },
): string {
  const anchor = options.anchor ?? "start";
  const spacing = options.spacing === undefined ? "" : ` letter-spacing="${options.spacing}"`;
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${options.size}" font-weight="${options.weight ?? 400}" fill="${options.fill ?? "#ffffff"}" text-anchor="${anchor}"${spacing}>${escapeXml(content)}</text>`;
}

/** A gold H Coin: rim, face and the letter, centred on (cx, cy). */
function coin(cx: number, cy: number, r: number, id: string): string {
  return [
    `<g transform="translate(${cx} ${cy})">`,
    `<circle r="${r}" fill="#b8630a" opacity="0.35" transform="translate(${r * 0.08} ${r * 0.1})"/>`,
    `<circle r="${r}" fill="url(#${id}-rim)"/>`,
    `<circle r="${r * 0.82}" fill="url(#${id}-face)" stroke="#f8d27a" stroke-width="${r * 0.03}"/>`,
    `<text x="0" y="${r * 0.3}" font-family="${FONT}" font-size="${r * 0.95}" font-weight="800" fill="#a35200" text-anchor="middle">H</text>`,
    "</g>",
  ].join("");
}

function coinGradients(id: string): string {
  return [
    `<linearGradient id="${id}-rim" x1="0" y1="0" x2="1" y2="1">`,
    '<stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#f2a516"/>',
    "</linearGradient>",
    `<radialGradient id="${id}-face" cx="0.35" cy="0.3" r="0.8">`,
    '<stop offset="0" stop-color="#fff3c4"/><stop offset="0.6" stop-color="#ffd45c"/><stop offset="1" stop-color="#f5b021"/>',
    "</radialGradient>",
  ].join("");
}

/** An image with its title; an empty title makes it decorative (the banners: their words are the page's). */
function svg(width: number, height: number, title: string, body: string[]): string {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`;
  return [
    title === "" ? `${open} aria-hidden="true">` : `${open} role="img" aria-label="${escapeXml(title)}">`,
    ...(title === "" ? [] : [`<title>${escapeXml(title)}</title>`]),
    ...body,
    "</svg>",
  ].join("");
}

/**
 * A banner's art has no words: the page writes the banner's title over it, as text in the
 * visitor's language (the web app's welcome-banners.tsx), so the art serves en, tc and sc alike
 * (docs/decisions/156-banners-carry-no-words-the-page-writes-the-banners-title.md). What tells
 * the two apart is colour and the coins.
 */
interface BannerArt {
  from: string;
  to: string;
}

const WELCOME: BannerArt = { from: "#ff7a00", to: "#ffa62b" };
const BIRTHDAY: BannerArt = { from: "#e8430c", to: "#ff8a3d" };

function banner(art: BannerArt, layout: BannerLayout, id: string): string {
  const { width, height } = SIZE[layout];
  const defs = [
    "<defs>",
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/>`,
    "</linearGradient>",
    coinGradients(id),
    "</defs>",
  ].join("");
  const background = [
    `<rect width="${width}" height="${height}" fill="url(#${id}-bg)"/>`,
    `<circle cx="${width * 0.92}" cy="${height * -0.05}" r="${height * 0.45}" fill="#ffffff" opacity="0.08"/>`,
    `<circle cx="${width * 0.05}" cy="${height * 1.05}" r="${height * 0.35}" fill="#ffffff" opacity="0.07"/>`,
  ];
  // The coins keep to the right (desktop) or the top right (mobile): the page writes the title on the left.
  if (layout === "desktop") {
    return svg(width, height, "", [
      defs,
      ...background,
      `<circle cx="1480" cy="300" r="260" fill="#ffffff" opacity="0.1"/>`,
      coin(1400, 330, 170, id),
      coin(1640, 190, 80, id),
      coin(1660, 450, 60, id),
    ]);
  }
  return svg(width, height, "", [defs, ...background, coin(600, 150, 95, id), coin(690, 290, 40, id)]);
}

export const welcomeBanner = (layout: BannerLayout) => banner(WELCOME, layout, "welcome");
export const birthdayBanner = (layout: BannerLayout) => banner(BIRTHDAY, layout, "birthday");

export interface BrandArt {
  initials: string;
  nameEn: string;
  nameTc: string;
  tagline: string;
  colour: string;
  accent: string;
}

/**
 * A square logo without words in any language (the member pages write the brand's name beside
 * it): the brand's colour, an accent dot and the initials, the design the download page drew.
 */
export function brandLogo(brand: BrandArt): string {
  return svg(256, 256, brand.nameEn, [
    `<rect width="256" height="256" rx="56" fill="${brand.colour}"/>`,
    `<circle cx="204" cy="52" r="28" fill="${brand.accent}"/>`,
    text(128, 164, brand.initials, { size: 96, weight: 800, anchor: "middle" }),
  ]);
}

/** A shop-front card (4:3): awning, window and the brand's names, for the store pages. */
export function storeCard(brand: BrandArt): string {
  const stripes = Array.from(
    { length: 8 },
    (_, index) =>
      `<rect x="${index * 100}" y="70" width="50" height="70" fill="${brand.accent}"/><path d="M${index * 100} 140 a25 25 0 0 0 50 0 z" fill="${brand.accent}"/><path d="M${index * 100 + 50} 140 a25 25 0 0 0 50 0 z" fill="${brand.colour}"/>`,
  );
  return svg(800, 600, `${brand.nameEn} shop front`, [
    '<rect width="800" height="600" fill="#fff7ee"/>',
    `<rect y="0" width="800" height="70" fill="${brand.colour}"/>`,
    `<rect y="70" width="800" height="70" fill="${brand.colour}"/>`,
    ...stripes,
    text(400, 48, `${brand.nameEn}  ${brand.nameTc}`, { size: 36, weight: 700, anchor: "middle" }),
    '<rect x="80" y="200" width="400" height="300" rx="12" fill="#dff1fb" stroke="#c9d6df" stroke-width="6"/>',
    ...[300, 390, 480].map((y) => `<rect x="96" y="${y}" width="368" height="8" fill="#c9d6df"/>`),
    ...[0, 1, 2, 3, 4, 5].flatMap((column) =>
      [300, 390, 480].map(
        (y, row) =>
          `<rect x="${112 + column * 58}" y="${y - 44 + ((column + row) % 2) * 10}" width="40" height="${44 - ((column + row) % 2) * 10}" rx="4" fill="${(column + row) % 3 === 0 ? brand.colour : (column + row) % 3 === 1 ? brand.accent : "#94a3b8"}"/>`,
      ),
    ),
    `<rect x="540" y="200" width="180" height="340" rx="10" fill="${brand.colour}" opacity="0.9"/>`,
    '<circle cx="695" cy="380" r="9" fill="#ffffff"/>',
    '<rect x="0" y="540" width="800" height="60" fill="#e9ddd0"/>',
    text(280, 245, brand.tagline, { size: 28, weight: 600, fill: "#334155", anchor: "middle" }),
  ]);
}

/** A reward's card (4:3): the brand's colour, a coin, what it is in Chinese and English. */
/** What a reward's picture shows: a value ("HK$50") or a drawing of the product. */
export type RewardFace = { value: string } | { drawing: "cake" | "tote" };

const DRAWINGS: Record<"cake" | "tote", string> = {
  cake: [
    '<rect x="150" y="330" width="300" height="130" rx="18" fill="#fff7ed"/>',
    '<rect x="190" y="250" width="220" height="90" rx="16" fill="#fde68a"/>',
    '<path d="M150 380 q37 30 75 0 q38 30 75 0 q37 30 75 0 q38 30 75 0" fill="none" stroke="#f472b6" stroke-width="14"/>',
    '<rect x="292" y="190" width="16" height="60" rx="6" fill="#ffffff"/>',
    '<ellipse cx="300" cy="176" rx="12" ry="20" fill="#fbbf24"/>',
  ].join(""),
  tote: [
    '<path d="M220 250 q0 -90 80 -90 q80 0 80 90" fill="none" stroke="#ffffff" stroke-width="18"/>',
    '<path d="M170 250 h260 l-24 220 h-212 z" fill="#fff7ed"/>',
    '<circle cx="300" cy="355" r="42" fill="none" stroke="#93c5fd" stroke-width="12"/>',
  ].join(""),
};

/**
 * A reward's square picture (600 × 600, the catalogue shows it square): the brand's colours
 * and initials, the value or a drawing, and an H Coin. No words of one language: the reward's
 * title, in the member's, is written beside it.
 */
export function rewardCard(brand: BrandArt, face: RewardFace, title: string): string {
  const id = `reward-${brand.initials.toLowerCase()}`;
  return svg(600, 600, title, [
    `<defs>${coinGradients(id)}</defs>`,
    `<rect width="600" height="600" rx="32" fill="${brand.colour}"/>`,
    `<circle cx="520" cy="80" r="150" fill="${brand.accent}" opacity="0.35"/>`,
    '<circle cx="92" cy="92" r="52" fill="#ffffff33"/>',
    text(92, 110, brand.initials, { size: 46, weight: 800, anchor: "middle" }),
    "value" in face
      ? text(300, 360, face.value, { size: face.value.length > 5 ? 120 : 140, weight: 800, anchor: "middle" })
      : DRAWINGS[face.drawing],
    coin(500, 500, 70, id),
  ]);
}
