import type { AppConfig } from './config/config.js';
import type { Db, Driver } from './db/client.js';
import type { JwtService } from './lib/jwt.js';
import type { Mailer } from './modules/email/index.js';
import type { JobRunner } from './modules/jobs/index.js';
import type { ReadCaches } from './plugins/read-caches.js';

/** What every module is built with; created once by buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  driver: Driver;
  jwt: JwtService;
  keys: { anon: string; service: string };
  mailer: Mailer;
  /** The PostgreSQL job queue's runner; modules register their kinds when their routes are built. */
  jobs: JobRunner;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sessions and product list pages, kept true by writes and NOTIFY (decision 007). */
  caches: ReadCaches;
}
