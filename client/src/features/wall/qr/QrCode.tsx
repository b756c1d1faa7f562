import { useMemo } from 'react';
import { encodeQr } from './qrCode';

/** A QR code of `text` as an SVG (dark modules on white, with the standard's 4-module quiet zone). */
export function QrCode({ text, size = 240, title }: { text: string; size?: number; title?: string }) {
  const symbol = useMemo(() => encodeQr(text), [text]);
  const quiet = 4;
  const extent = symbol.size + quiet * 2;
  const path = useMemo(() => {
    let d = '';
    symbol.dark.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
      }),
    );
    return d;
  }, [symbol]);
  return (
    <svg
      className="wall-qr"
      role="img"
      aria-label={title ?? text}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
