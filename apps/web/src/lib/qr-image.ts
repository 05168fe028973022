import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";

/** The code for `text` as an SVG image (crisp at 200 px on any screen), with the quiet zone tills need. */
export function qrImage(text: string): string {
  return toSvgDataURL(generate(text), { on: "black", off: "white", pad: 4 });
}
