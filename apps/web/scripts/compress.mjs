// Writes .br and .gz beside every built text asset, so the server sends them pre-compressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist');
const walk = (dir) =>
  readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : [path.join(dir, f)]));
let n = 0;
for (const file of walk(root)) {
  if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || file.endsWith('.map')) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  n++;
}
console.log(`compressed ${n} assets`);
