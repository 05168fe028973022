import { describe, expect, it } from "vitest";
import { GIF_1X1, JPEG_TINY, PNG_1X1, SVG_SQUARE, WEBP_1X1 } from "../../testing/images.ts";
import { detectImageType, extensionOf } from "./image-type.ts";

describe("detectImageType", () => {
  it.each([
    ["PNG", PNG_1X1, "image/png"],
    ["JPEG", JPEG_TINY, "image/jpeg"],
    ["GIF", GIF_1X1, "image/gif"],
    ["WebP", WEBP_1X1, "image/webp"],
    ["SVG", Buffer.from(SVG_SQUARE), "image/svg+xml"],
    [
      "SVG with a prolog",
      Buffer.from(
        `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG_SQUARE}`,
      ),
      "image/svg+xml",
    ],
  ])("recognises %s from its bytes", (_name, bytes, type) => {
    expect(detectImageType(bytes)).toBe(type);
  });

  it.each([
    ["plain text", Buffer.from("hello, this is not an image")],
    ["HTML", Buffer.from("<html><body><svg></svg></body></html>")],
    ["a PNG signature without its IHDR chunk", Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.alloc(20)])],
    ["a truncated GIF header", Buffer.from("GIF89")],
    ["a RIFF file that is not WebP", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ")],
    ["an SVG with an internal DTD subset", Buffer.from(`<!DOCTYPE svg [<!ENTITY x "y">]>${SVG_SQUARE}`)],
    ["invalid UTF-8", Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s", (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});

describe("extensionOf", () => {
  it("takes the lower-case extension of the file name only", () => {
    expect(extensionOf("/tmp/dir.v2/Banner.PNG")).toBe("png");
    expect(extensionOf("photo.jpeg")).toBe("jpeg");
    expect(extensionOf("README")).toBe("");
    expect(extensionOf(".hidden")).toBe("");
  });
});
