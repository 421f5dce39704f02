// `npm test` step: writes the OpenAPI document the server serves (without starting it) to .tmp/openapi.json and
// lints it with Redocly CLI's recommended rules (test/openapi/redocly.yaml; exceptions there and in
// .redocly.lint-ignore.yaml, each with its reason). Warnings fail the step as errors do.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (args) => spawnSync('npx', args, { stdio: 'inherit', env }).status === 0;

const ok =
  run(['tsx', 'test/openapi/writeOpenApi.ts', '.tmp/openapi.json']) &&
  run(['redocly', 'lint', '--config', 'test/openapi/redocly.yaml', '--max-problems', '1000', '--format', 'stylish', '.tmp/openapi.json']);
process.exit(ok ? 0 : 1);
