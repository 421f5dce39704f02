// Module load hook for test/bench/production.mjs: our own .ts/.tsx files compiled by esbuild with the options of
// scripts/build-service.mjs (format esm, target node20; keepNames off as there), with an inline source map.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const TYPESCRIPT = /\.(m?ts|tsx)$/;

export async function load(url, context, nextLoad) {
  const file = url.startsWith('file:') ? url.split('?')[0] : undefined;
  if (file === undefined || file.includes('/node_modules/') || !TYPESCRIPT.test(file)) return nextLoad(url, context);
  const path = fileURLToPath(file);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: path.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
    target: 'node20',
    platform: 'node',
    sourcemap: 'inline',
    sourcefile: path,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, jsx: 'react-jsx' } },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
