// The pipeline lives in packages/infra (the background-job worker of services/jobs appends through it too).
export * from '@stramien/infra/commands/commandPipeline';
