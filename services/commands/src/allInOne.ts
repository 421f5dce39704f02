import { exitOnSignals } from '@stramien/infra';
import { startAllInOne } from './runtime';

/** `npm start`: the whole of Stramien in one process on the embedded default. */
const runtime = await startAllInOne();
console.log(`Stramien is running on ${runtime.url}  (API docs: ${runtime.url}/api/docs)`);
exitOnSignals(() => runtime.stop());
