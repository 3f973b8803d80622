import fs from 'node:fs';
import path from 'node:path';

/** The product version, from the root package.json. */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }
).version;
