/** The PostgreSQL side of the store: the migrated pool (`openPostgres`) and one implementation per store. */
export { describeUrl, openPostgres, type OpenPostgresOptions, schemaVersion } from './open.js';
export { type Migration, migrations } from './migrations/index.js';
