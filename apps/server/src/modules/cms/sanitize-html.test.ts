import { describe, expect, it } from "vitest";
import { sanitizeCmsHtml, sanitizeCmsHtmlReporting } from "./sanitize-html.ts";

const TOKEN = "a".repeat(64);

describe("sanitizeCmsHtml", () => {
  it("keeps prose, lists, tables, links and media images as written", () => {
    const html = [
      "<h2>1. Membership</h2>",
      "<p>Earn <strong>1 H Coin</strong> per <em>HK$1</em>.</p>",
      '<ol type="a"><li>one</li><li>two</li></ol>',
      '<table><thead><tr><th scope="col">Tier</th></tr></thead><tbody><tr><td colspan="2">Gold</td></tr></tbody></table>',
      `<p><img src="/crm/media/${TOKEN}" alt="Banner" /></p>`,
    ].join("");
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it("removes script elements together with their content", () => {
    const clean = sanitizeCmsHtml('<p>Hi</p><script>alert("x")</script><SCRIPT src="//evil/x.js"></SCRIPT>');
    expect(clean).toBe("<p>Hi</p>");
  });

  it("removes event handler attributes (onerror=, onclick=, onload=)", () => {
    const clean = sanitizeCmsHtml(
      `<img src="/crm/media/${TOKEN}" onerror="alert(1)"><p onclick="steal()">text</p><body onload="x()">b</body>`,
    );
    expect(clean).not.toMatch(/on(error|click|load)/i);
    expect(clean).toContain(`<img src="/crm/media/${TOKEN}" />`);
    expect(clean).toContain("<p>text</p>");
  });

  it.each([
    ['<a href="javascript:alert(1)">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>'],
    ['<a href="  javascript:alert(1)">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['<a href="//evil.example/phish">x</a>'],
  ])("drops an unsafe link target: %s", (html) => {
    const clean = sanitizeCmsHtml(html);
    expect(clean).toBe("<a>x</a>");
  });

  it("keeps http, https, mailto, tel and relative links, with rel=noopener on each", () => {
    const clean = sanitizeCmsHtml(
      '<a href="https://example.com" target="_blank">a</a><a href="mailto:hi@example.com">b</a><a href="tel:+85221234567">c</a><a href="/store-list" target="_top">d</a>',
    );
    expect(clean).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">a</a>' +
        '<a href="mailto:hi@example.com" rel="noopener noreferrer">b</a>' +
        '<a href="tel:+85221234567" rel="noopener noreferrer">c</a>' +
        '<a href="/store-list" rel="noopener noreferrer">d</a>',
    );
  });

  it("removes inline SVG with its scripts, and iframes, forms, styles and objects", () => {
    const clean = sanitizeCmsHtml(
      [
        '<svg onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="https://evil.example"><input name="password"></form>',
        "<style>body{background:url(javascript:alert(1))}</style>",
        '<object data="x.swf"></object>',
        '<p style="position:fixed" class="x" id="y">kept</p>',
      ].join(""),
    );
    expect(clean).toBe("<p>kept</p>");
  });

  it("drops images that are not from the media store or https", () => {
    const clean = sanitizeCmsHtml(
      '<img src="http://plain.example/a.png"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><img src="https://cdn.example/ok.png" alt="ok">',
    );
    expect(clean).toBe('<img src="https://cdn.example/ok.png" alt="ok" />');
  });

  it("is idempotent", () => {
    const once = sanitizeCmsHtml('<p onclick="x">a <a href="https://e.example">b</a></p><script>c</script>');
    expect(sanitizeCmsHtml(once)).toBe(once);
  });
});

describe("sanitizeCmsHtmlReporting", () => {
  it("says whether the allowlist removed anything", () => {
    expect(sanitizeCmsHtmlReporting('<p>Fine <a href="/x">link</a></p>').removedSomething).toBe(false);
    expect(sanitizeCmsHtmlReporting("<p>Tom &amp; Jerry</p>").removedSomething).toBe(false);
    expect(sanitizeCmsHtmlReporting("<p>x</p><script>y</script>").removedSomething).toBe(true);
    expect(sanitizeCmsHtmlReporting('<a href="javascript:y">x</a>').removedSomething).toBe(true);
    expect(sanitizeCmsHtmlReporting('<p onclick="y">x</p>').removedSomething).toBe(true);
  });
});
