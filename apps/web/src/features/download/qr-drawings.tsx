import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";
import { useMemo } from "react";

/**
 * The download page's QR codes, drawn with lean-qr. A lazy chunk: the codes sit below the
 * page's first screen (the mockup's is decoration), and the encoder (4 KB gzip) would otherwise
 * join the landing page's first load.
 */

export const QR_SIZE = 160;

export function QrImage({ url, alt }: { url: string; alt: string }) {
  // An SVG stays sharp at any size; the quiet zone (pad) keeps phone cameras reading it.
  const src = useMemo(() => toSvgDataURL(generate(url), { on: "black", off: "white", pad: 4 }), [url]);
  return <img src={src} width={QR_SIZE} height={QR_SIZE} alt={alt} data-qr-text={url} />;
}

/** The phone mockup's code: a real QR code of a sample text, so it looks right, 96 units wide. */
export function MockupQr() {
  const { path, size } = useMemo(() => {
    const code = generate("H Coins sample member");
    let path = "";
    for (let y = 0; y < code.size; y++) {
      for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
    }
    return { path, size: code.size };
  }, []);
  return (
    <g transform={`translate(72 222) scale(${96 / size})`}>
      <path d={path} fill="#1f1f1f" />
    </g>
  );
}
