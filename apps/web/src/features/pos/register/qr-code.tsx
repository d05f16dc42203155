import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code as inline SVG: one path of horizontal runs, black on white, crisp at any print size. */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x++;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x++;
        parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
      }
    });
    return { size: qr.size, d: parts.join('') };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="white" />
      <path fill="black" d={d} />
    </svg>
  );
}
