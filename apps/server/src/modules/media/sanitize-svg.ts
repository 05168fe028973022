import sanitize from "sanitize-html";

/**
 * SVG is XML that can carry scripts, event handlers, links and references to
 * other resources. An uploaded SVG keeps only drawing elements and presentation
 * attributes; `href` and `url(...)` may only point inside the document (`#id`).
 * Scripts, styles, foreignObject, animation, links, external images and every
 * `on*` attribute are dropped. The media route serves SVG with a sandboxing
 * Content-Security-Policy on top.
 */
const ELEMENTS = [
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "symbol",
  "use",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "filter",
  "feGaussianBlur",
  "feOffset",
  "feBlend",
  "feColorMatrix",
  "feFlood",
  "feComposite",
  "feMerge",
  "feMergeNode",
  "feDropShadow",
];

const ATTRIBUTES = [
  "xmlns",
  "xmlns:xlink",
  "version",
  "viewBox",
  "preserveAspectRatio",
  "id",
  "class",
  "transform",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "dx",
  "dy",
  "d",
  "points",
  "width",
  "height",
  "pathLength",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "stroke-miterlimit",
  "opacity",
  "color",
  "display",
  "visibility",
  "clip-path",
  "clip-rule",
  "mask",
  "filter",
  "marker-start",
  "marker-mid",
  "marker-end",
  "markerWidth",
  "markerHeight",
  "markerUnits",
  "refX",
  "refY",
  "orient",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "filterUnits",
  "primitiveUnits",
  "stdDeviation",
  "in",
  "in2",
  "result",
  "mode",
  "type",
  "values",
  "operator",
  "k1",
  "k2",
  "k3",
  "k4",
  "flood-color",
  "flood-opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "letter-spacing",
  "word-spacing",
  "textLength",
  "lengthAdjust",
  "rotate",
  "paint-order",
  "vector-effect",
  "shape-rendering",
  "text-rendering",
  "href",
  "xlink:href",
  "role",
  "aria-label",
  "aria-hidden",
];

const NAMESPACES: Record<string, string> = {
  xmlns: "http://www.w3.org/2000/svg",
  "xmlns:xlink": "http://www.w3.org/1999/xlink",
};

/** `url(#id)` is the only url() an attribute may hold: a reference inside the document. */
const LOCAL_URL = /^url\(\s*['"]?#[\w.:-]+['"]?\s*\)$/;

function keepAttribute(name: string, value: string): boolean {
  if (name in NAMESPACES) return value === NAMESPACES[name];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is stripped
  const squeezed = value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
  if (name === "href" || name === "xlink:href") return /^#[\w.:-]+$/.test(value.trim());
  if (squeezed.includes("url(")) return LOCAL_URL.test(value.trim());
  return !/(javascript|vbscript|data):/.test(squeezed);
}

const OPTIONS: sanitize.IOptions = {
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  allowedTags: ELEMENTS,
  allowedAttributes: { "*": ATTRIBUTES },
  // href is checked by keepAttribute; sanitize-html's scheme check would also allow http(s).
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "foreignObject", "a", "iframe", "image", "animate", "set", "handler"],
  nestingLimit: 64,
  parseStyleAttributes: false,
  transformTags: {
    "*": (tagName, attribs) => {
      const next: sanitize.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (keepAttribute(name, value)) next[name] = value;
      }
      if (tagName === "svg" && next.xmlns === undefined) next.xmlns = NAMESPACES.xmlns as string;
      return { tagName, attribs: next };
    },
  },
};

/**
 * The SVG with everything outside the allowlist removed, or null when nothing of
 * an SVG document is left (the root element was not `<svg>`).
 */
export function sanitizeSvg(svg: string): string | null {
  const clean = sanitize(svg, OPTIONS).trim();
  return /^<svg[\s>]/.test(clean) && clean.endsWith("</svg>") ? clean : null;
}
