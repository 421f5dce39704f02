// Compares the long turns of the event loop with the ordinary ones, from a CPU profile and the turns recorded in the
// same run (profileCommands.ts --prof --turns): per turn, the ms each entry point of ours took (the first two frames
// of ours from the root of each sample's stack). `node test/bench/turnProfile.mjs <kind>.cpuprofile <kind>.turns.json
// [long ms, default 30]`. docs/performance.md 39. has what it showed.
import { readFileSync } from 'node:fs';

const [profileFile, turnsFile, longArg] = process.argv.slice(2);
const longMs = Number(longArg ?? 30);
const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
const turns = JSON.parse(readFileSync(turnsFile, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const ours = (url) => url.includes('/packages/') || url.includes('/services/');
const nameOf = (id) => {
  const frame = byId.get(id).callFrame;
  return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(packages|services)\//, '')}:${frame.lineNumber + 1}`;
};
const keys = new Map();
const keyOf = (id) => {
  let key = keys.get(id);
  if (key === undefined) {
    const chain = [];
    for (let up = id; up !== undefined; up = parent.get(up)) if (ours(byId.get(up).callFrame.url)) chain.push(nameOf(up));
    key = chain.reverse().slice(0, 2).join(' > ') || `(not ours) ${nameOf(id)}`;
    keys.set(id, key);
  }
  return key;
};

// the samples on the profile's clock (µs, as the turns' from/to)
let at = profile.startTime;
const samples = profile.samples.map((id, i) => {
  at += profile.timeDeltas[i];
  return { at, id, us: profile.timeDeltas[i] };
});
const groups = { long: { turns: 0, ms: new Map() }, ordinary: { turns: 0, ms: new Map() } };
let s = 0;
for (const turn of turns) {
  const group = turn.wall >= longMs ? groups.long : turn.wall >= 5 ? groups.ordinary : undefined;
  while (s < samples.length && samples[s].at < turn.from) s++;
  if (!group) continue;
  group.turns++;
  for (let i = s; i < samples.length && samples[i].at < turn.to; i++) {
    const key = keyOf(samples[i].id);
    group.ms.set(key, (group.ms.get(key) ?? 0) + samples[i].us / 1000);
  }
}
const perTurn = (group, key) => (group.ms.get(key) ?? 0) / (group.turns || 1);
const sum = (group) => [...group.ms.values()].reduce((a, b) => a + b, 0) / (group.turns || 1);
console.log(
  `${groups.long.turns} turns of ${longMs} ms or more, ${sum(groups.long).toFixed(1)} ms sampled each; ${groups.ordinary.turns} of 5-${longMs} ms, ${sum(groups.ordinary).toFixed(1)} ms each`,
);
console.log('   long  ordinary  ratio  (ms per turn)');
const all = new Set([...groups.long.ms.keys(), ...groups.ordinary.ms.keys()]);
for (const key of [...all].sort((a, b) => perTurn(groups.ordinary, b) - perTurn(groups.ordinary, a)).slice(0, 30)) {
  const long = perTurn(groups.long, key);
  const ordinary = perTurn(groups.ordinary, key);
  console.log(
    `${long.toFixed(2).padStart(7)} ${ordinary.toFixed(2).padStart(9)} ${(ordinary > 0 ? long / ordinary : Infinity).toFixed(1).padStart(6)}  ${key}`,
  );
}
