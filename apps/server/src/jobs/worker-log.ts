/** The part of a pino logger (Fastify's `app.log`) the workers use. */
export interface WorkerLog {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/** Adds `fields` to every entry (a dependency-free `child()`). */
export function withFields(log: WorkerLog, fields: object): WorkerLog {
  return {
    info: (more, message) => log.info({ ...fields, ...more }, message),
    warn: (more, message) => log.warn({ ...fields, ...more }, message),
    error: (more, message) => log.error({ ...fields, ...more }, message),
  };
}
