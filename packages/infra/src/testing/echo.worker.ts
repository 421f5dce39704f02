import { parentPort, workerData } from 'node:worker_threads';
import { derivedId } from '@stramien/domain/shared/ids';

/** the module of moduleWorker.int.spec.ts: TypeScript importing a workspace package, answering each message */
const prefix: string = (workerData as { prefix: string }).prefix;
parentPort!.on('message', (text: string) => {
  if (text === 'fail') throw new Error('asked to fail');
  parentPort!.postMessage(`${prefix}${text} ${derivedId(text)}`);
});
