// Lists the inline caches of our own code (packages/, services/) that went megamorphic in a V8 IC log, most often
// first: a site seen going megamorphic thousands of times meets objects of ever new hidden classes (docs/performance.md
// 40.: keys added to a spread copy). Run the work with `node --log-ic --logfile=.tmp/ic.log …` (each isolate writes
// its own file, the largest is the main thread's), then `node test/bench/megamorphicTop.mjs <file> [rows]`.
// Positions are those of the code as compiled (esbuild for the benches: test/bench/productionHooks.mjs).
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 30);
const lines = readFileSync(file, 'utf8').split('\n');
/** code objects by start address: [start, end, name] */
const codes = [];
for (const line of lines) {
  if (!line.startsWith('code-creation,')) continue;
  const parts = line.split(',');
  const start = parseInt(parts[4], 16);
  codes.push([start, start + Number(parts[5]), parts.slice(6).join(',')]);
}
codes.sort((a, b) => a[0] - b[0]);
const codeAt = (pc) => {
  let lo = 0;
  let hi = codes.length - 1;
  let best;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codes[mid][0] <= pc) {
      best = codes[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best && pc < best[1] ? best[2] : '?';
};
// LoadIC,pc,time,line,column,old_state,new_state,map,key,…
const counts = new Map();
for (const line of lines) {
  const m = /^(\w*IC),(0x[0-9a-f]+),\d+,(\d+),(\d+),[^,]*,N,[^,]*,([^,]*)/.exec(line);
  if (!m) continue;
  const [, kind, pc, row, column, key] = m;
  const code = codeAt(parseInt(pc, 16));
  const own = /file:\/\/\/\S*?\/((packages|services)\/\S+)/.exec(code);
  if (!own) continue;
  const site = `${kind} .${key} in ${own[1].replace(/,.*$/, '')} at ${row}:${column}`;
  counts.set(site, (counts.get(site) ?? 0) + 1);
}
for (const [site, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${String(n).padStart(7)}  ${site}`);
