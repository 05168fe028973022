import DOMPurify from "dompurify";

/**
 * CMS HTML made safe for the page. The server sanitises already; this second pass
 * guards against a compromised CMS or a proxy in between: no scripts, no event
 * handlers, no javascript: links, no forms, frames or styles that could dress up
 * as the app.
 */
export function sanitizeContent(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}
