import sanitize from "sanitize-html";

/**
 * The allowlist of CMS HTML: prose, lists, tables, links and images. Everything
 * else is dropped — scripts and styles with their content, event handlers, inline
 * styles, classes, ids, forms, frames, SVG and MathML. Links may only use
 * http, https, mailto and tel or be relative; images only come from this
 * server's media (`/crm/media/<token>`) or from https.
 */
const MEDIA_PATH = /^\/crm\/media\/[0-9a-f]{64}(\?[\w=&.-]*)?$/;

const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/** An href the allowlist keeps: one of LINK_SCHEMES, or relative (not protocol-relative). */
function allowedHref(href: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is stripped
  const squeezed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  if (squeezed.startsWith("//") || squeezed.startsWith("\\")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
  return scheme === undefined || LINK_SCHEMES.includes(scheme);
}

const linkAttributes: sanitize.Transformer = (tagName, attribs) => {
  const next: sanitize.Attributes = { ...attribs };
  if (next.href !== undefined && !allowedHref(next.href)) delete next.href;
  if (next.target !== "_blank") delete next.target;
  // A page opened from a link must not reach back into ours (window.opener).
  if (next.href !== undefined) next.rel = "noopener noreferrer";
  else delete next.rel;
  return { tagName, attribs: next };
};

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "div",
    "section",
    "span",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start", { name: "type", multiple: false, values: ["1", "a", "A", "i", "I"] }],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    "*": ["lang", "dir"],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped together with their content: none of it is prose a reader should see.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "title",
    "template",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "head",
  ],
  nestingLimit: 64,
  parseStyleAttributes: false,
  transformTags: {
    a: linkAttributes,
    img: (tagName, attribs) => {
      const next: sanitize.Attributes = { ...attribs };
      const src = (next.src ?? "").trim();
      if (MEDIA_PATH.test(src) || /^https:\/\/[^\s"'<>]+$/i.test(src)) next.src = src;
      else delete next.src;
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused is dropped rather than left empty.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Sanitises CMS HTML with the allowlist above. Safe to apply twice. */
export function sanitizeCmsHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

// The same parser with nothing refused: what the HTML looks like after a mere round trip.
const ROUND_TRIP: sanitize.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowedSchemesAppliedToAttributes: [],
  allowVulnerableTags: true,
  nonTextTags: [],
  parseStyleAttributes: false,
  // Only the rel the allowlist adds, so that adding it does not count as a change.
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitize.Attributes = { ...attribs };
      if (next.href !== undefined) next.rel = "noopener noreferrer";
      else delete next.rel;
      return { tagName, attribs: next };
    },
  },
};

/**
 * Sanitises and says whether the allowlist removed anything, so the operator
 * commands can tell the operator their HTML was not stored as written.
 */
export function sanitizeCmsHtmlReporting(html: string): { html: string; removedSomething: boolean } {
  const clean = sanitizeCmsHtml(html);
  const roundTrip = sanitize(html, ROUND_TRIP).trim();
  return { html: clean, removedSomething: clean !== roundTrip };
}
