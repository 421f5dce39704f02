// Prints where a sampling heap profile's bytes were allocated (`startAllocationProfile` in cpuProfile.ts, or DevTools):
// by function (self) and by function with its callees (inclusive), per answered command when given the count:
// `node test/bench/heapprofileTop.mjs file.heapprofile [rows] [commands]`.
import { readFileSync } from 'node:fs';

const [file, rowsArg, commandsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const commands = commandsArg === undefined ? undefined : Number(commandsArg);
const { head } = JSON.parse(readFileSync(file, 'utf8'));
const name = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/.*?\/(packages|services|apps|test)\//, '$1/')}:${lineNumber + 1}`;
const self = new Map();
const inclusive = new Map();
let total = 0;
/** each node's bytes go to its own function and, once per stack, to every function on the stack */
const walk = (node, stack) => {
  const key = name(node);
  const bytes = node.selfSize;
  total += bytes;
  self.set(key, (self.get(key) ?? 0) + bytes);
  const onStack = new Set(stack).add(key);
  for (const k of onStack) inclusive.set(k, (inclusive.get(k) ?? 0) + bytes);
  for (const child of node.children) walk(child, onStack);
};
walk(head, new Set());
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    const per = commands ? `  ${(bytes / commands / 1024).toFixed(2).padStart(7)} KiB/command` : '';
    console.log(`${((100 * bytes) / total).toFixed(1).padStart(5)} %${per}  ${key}`);
  }
};
console.log(`${(total / 1024 / 1024).toFixed(1)} MiB sampled${commands ? `, ${(total / commands / 1024).toFixed(1)} KiB a command` : ''}`);
show('allocated by function (self)', self);
show('allocated by function and its callees', inclusive);
