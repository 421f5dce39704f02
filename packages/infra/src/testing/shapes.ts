import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/**
 * Whether the objects `build` makes share one hidden class (V8's map) once `build` is warm, as objects of one
 * literal do. On Node 20 (V8 11) an object literal that starts with a spread and then adds a key the spread object
 * lacks (`{ ...doc, extra }`) gets a new map each call once its inline cache is warm: several µs and a map's
 * allocation a call, and every reader of those objects goes megamorphic (docs/performance.md 40.). A test of a hot
 * builder wants `true` here, so such a spread does not come back. `calls`: how many results to compare (a map may
 * change only when V8 optimises the builder).
 */
export const keepsOneShape = (build: () => object, calls = 10): boolean => {
  let last = build();
  for (let call = 0; call < calls; call++) {
    const next = build();
    if (!haveSameMap(last, next)) return false;
    last = next;
  }
  return true;
};
