import { encode } from 'uqr';

/**
 * The enrolment QR code as GoTrue sends it: raw SVG markup (auth-js prefixes `data:image/svg+xml;utf-8,`).
 * One path of horizontal runs keeps it a few kilobytes; no '#' anywhere, since it ends up in a data URI.
 */
export function qrSvg(text: string): string {
  const qr = encode(text, { ecc: 'M', border: 4 });
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
  const size = qr.size;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 5}" height="${size * 5}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="white"/><path fill="black" d="${parts.join('')}"/></svg>`
  );
}
