// Prints the functions with the most self time in a V8 .cpuprofile (node --cpu-prof), and the packages/files they
// are in: `node test/bench/cpuprofileTop.mjs file.cpuprofile [rows]`.
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const short = url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/.*\/perf\//, '');
  const key = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = url.includes('node_modules/')
    ? `nm:${url
        .split('node_modules/')
        .pop()
        .split('/')
        .slice(0, url.split('node_modules/').pop().startsWith('@') ? 2 : 1)
        .join('/')}`
    : short || functionName;
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
};
show('self time by function', byFunction);
show('self time by package / file', byFile);

// native and built-in functions (SQLite statement calls, writes) charged to the nearest caller of ours
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const ours = (url) => url.includes('/packages/') || url.includes('/services/') || url.includes('/test/');
const byCaller = new Map();
for (const [id, us] of self) {
  const frame = byId.get(id).callFrame;
  if (ours(frame.url)) continue;
  let up = parent.get(id);
  const chain = [];
  while (up !== undefined && !ours(byId.get(up).callFrame.url)) up = parent.get(up);
  if (up === undefined) continue;
  const caller = byId.get(up).callFrame;
  chain.push(
    `${frame.functionName || '(anonymous)'} <- ${caller.functionName || '(anonymous)'} ${caller.url.replace(/^.*\/perf\//, '')}:${caller.lineNumber + 1}:${caller.columnNumber + 1}`,
  );
  byCaller.set(chain[0], (byCaller.get(chain[0]) ?? 0) + us);
}
show('not ours, by the nearest caller of ours', byCaller);
