import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running one of our own TypeScript modules (a file named `*.worker.ts`), however the code around it
 * runs (docs/threads.md):
 * - bundled (a service's dist/, scripts/build-service.mjs): every `*.worker.ts` of the repository is bundled as
 *   `dist/<name>.worker.js` beside the service's entries; `import.meta.url` of the caller is then the bundle's, so the
 *   `.ts` file asked for is not there and the `.js` of the same name beside the bundle is run;
 * - from source (tsx, vitest, the benches' production hooks): the `.ts` file is run after the loaders the process
 *   itself was started with (`--import` / `--loader`, e.g. tsx and test/bench/production.mjs) are registered in the
 *   thread; with none (vitest transforms in its own way), tsx's loader is registered.
 *
 * The caller names the module as `new URL('./x.worker.ts', import.meta.url)`.
 */
export const startModuleWorker = (module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker => {
  const file = fileURLToPath(module);
  if (!file.endsWith('.worker.ts')) throw new Error(`startModuleWorker: ${file} is not a *.worker.ts module`);
  if (!existsSync(file)) {
    const bundled = join(dirname(file), basename(file).replace(/\.ts$/, '.js'));
    if (!existsSync(bundled)) throw new Error(`startModuleWorker: neither ${file} nor ${bundled} exists`);
    return new Worker(bundled, options);
  }
  return new Worker(sourceBootstrap(module.href), { ...options, eval: true });
};

/** the process's own module loaders, in order: `--import x` / `--import=x` (imported), `--loader x` and
 * `--experimental-loader x` (registered as hooks) */
export const processLoaders = (execArgv: readonly string[] = process.execArgv): Array<{ kind: 'import' | 'hooks'; specifier: string }> => {
  const loaders: Array<{ kind: 'import' | 'hooks'; specifier: string }> = [];
  const flags = { '--import': 'import', '--loader': 'hooks', '--experimental-loader': 'hooks' } as const;
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [flag, value] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!(flag in flags)) continue;
    const specifier = value ?? execArgv[++i];
    if (specifier !== undefined) loaders.push({ kind: flags[flag as keyof typeof flags], specifier });
  }
  return loaders;
};

/** a loader's specifier as the thread imports it: paths resolved against the process's directory, packages as named */
const loaderSpecifier = (specifier: string): string =>
  specifier.startsWith('.') || specifier.startsWith('/') ? pathToFileURL(resolve(process.cwd(), specifier)).href : specifier;

/** tsx's `--import tsx` registers its hooks in the main thread only (Node 20's hooks do not reach threads): its API does */
const REGISTER_TSX = `(await import('tsx/esm/api')).register();`;

const sourceBootstrap = (moduleUrl: string): string => {
  const loaders = processLoaders();
  const steps =
    loaders.length === 0
      ? // vitest transforms our TypeScript without a loader of the process: tsx's (found from the process's directory)
        [REGISTER_TSX]
      : loaders.map(({ kind, specifier }) =>
          kind === 'hooks'
            ? `(await import('node:module')).register(${JSON.stringify(loaderSpecifier(specifier))}, ${JSON.stringify(pathToFileURL(`${process.cwd()}/`).href)});`
            : specifier === 'tsx' || specifier === 'tsx/esm'
              ? REGISTER_TSX
              : `await import(${JSON.stringify(loaderSpecifier(specifier))});`,
        );
  // a failure rejects the thread's only promise: the thread ends with it as its 'error'
  return `(async () => { ${steps.join(' ')} await import(${JSON.stringify(moduleUrl)}); })();`;
};
