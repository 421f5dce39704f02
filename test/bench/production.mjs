// `node --import tsx --import ./test/bench/production.mjs …`: the benches' TypeScript compiled as the bundled
// service compiles it (scripts/build-service.mjs: esbuild, target node20, no keepNames, no minification), not as
// tsx compiles it. tsx's esbuild options are fixed (keepNames, minifyWhitespace): keepNames wraps every function
// and class it creates in `__name(fn, "name")` (an Object.defineProperty per closure made per call), which the
// production bundle does not, and its one-line output leaves CPU profiles without line numbers. tsx still resolves
// the imports (extension-less paths, workspace packages); only the loading of our own .ts files is taken over
// (module hooks registered later run first).
import { register } from 'node:module';

register('./productionHooks.mjs', import.meta.url);
