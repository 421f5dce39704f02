/**
 * Child process of privateDataDir.int.spec.ts: under the umask a careless service manager leaves (022), opens the
 * real adapters on the data dir named by argv[2] and writes one of everything the embedded default keeps there: an
 * event, a document, a blob, a mail and the generated JWT secret. Then prints `ready` and keeps the stores open (so
 * SQLite's -wal and -shm files exist) until a line arrives on stdin; closes and exits 0.
 */
import { randomUUID } from 'node:crypto';
import { newEventId } from '../../eventStore/eventIds';
import { createMailPort } from '../../mail/createMail';
import { createAdapters, jwtSecret } from '../adapters';
import { loadConfig } from '../config';

process.umask(0o022);
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: writeEverything.ts <dataDir>');
const config = loadConfig({ STRAMIEN_DATA_DIR: dataDir });
const adapters = await createAdapters(config);
jwtSecret(config);
const metadata = {
  userId: 'system',
  licenceId: '',
  correlationId: randomUUID(),
  causationId: 'test',
  occurredAt: new Date().toISOString(),
};
await adapters.eventStore.append(
  `probe-${randomUUID()}`,
  [{ id: newEventId(), type: 'Probed', data: { secret: 'hash' }, metadata }],
  'no_stream',
);
await adapters.documentStore.collection('probes').insertOne({ _id: randomUUID(), secret: 'hash' });
await adapters.blobStore.put(new TextEncoder().encode('blob'), { contentType: 'text/plain' });
const mail = createMailPort(config);
await mail.send({ to: 'victim@example.test', subject: 'Reset', text: 'reset link', html: '<p>reset link</p>' });
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.pause();
await mail.close();
await adapters.close();
