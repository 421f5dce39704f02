import { startAllInOne } from './runtime';

/** `npm start`: the whole of Stramien in one process on the embedded default. */
const runtime = await startAllInOne();
console.log(`Stramien is running on ${runtime.url}  (API docs: ${runtime.url}/api/docs)`);
const shutdown = async () => {
  await runtime.stop();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
