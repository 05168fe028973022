import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "./sanitize-svg.ts";

const wrap = (inner: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

describe("sanitizeSvg", () => {
  it("keeps drawing elements, gradients, text and their attributes, in their case", () => {
    const svg = wrap(
      '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#f60"></stop></linearGradient></defs><rect width="10" height="10" fill="url(#g)"></rect><text x="1" y="8" font-size="4">H Coins 你好</text>',
    );
    expect(sanitizeSvg(svg)).toBe(svg);
  });

  it("removes script elements and their content, CDATA included", () => {
    const clean = sanitizeSvg(
      wrap(
        '<script>alert(1)</script><script type="text/ecmascript"><![CDATA[alert(2)]]></script><circle r="3"/>',
      ),
    );
    expect(clean).not.toMatch(/script|alert/i);
    expect(clean).toContain("<circle");
  });

  it("removes every on* event handler attribute", () => {
    const clean = sanitizeSvg(
      wrap(
        '<rect width="1" height="1" onclick="a()" onmouseover="b()" onbegin="c()"/>',
        ' onload="alert(1)"',
      ),
    );
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).toContain("<rect");
  });

  it("removes links, javascript: and external references", () => {
    const clean = sanitizeSvg(
      wrap(
        [
          '<a href="javascript:alert(1)"><text>click</text></a>',
          '<use href="https://evil.example/sprite.svg#icon"/>',
          '<use xlink:href="data:image/svg+xml;base64,AAAA"/>',
          '<image href="https://evil.example/track.png"/>',
          '<rect fill="url(https://evil.example/x.svg#p)"/>',
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>',
          '<set attributeName="href" to="javascript:alert(1)"/>',
          "<style>@import url(https://evil.example/x.css);</style>",
          '<use href="#ok"/>',
        ].join(""),
      ),
    );
    expect(clean).not.toMatch(/javascript|evil|data:|foreignObject|<a|<image|<set|<style|click|html/);
    expect(clean).toContain('<use href="#ok">');
  });

  it("puts the SVG namespace on the root whatever was written", () => {
    expect(sanitizeSvg('<svg xmlns="http://evil.example/ns"><rect/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect></rect></svg>',
    );
  });

  it("answers null when the document is not an SVG", () => {
    expect(sanitizeSvg("<html><body>hi</body></html>")).toBeNull();
    expect(sanitizeSvg("<SVG><Script>alert(1)</Script></SVG>")).toBeNull();
  });
});
