// The workspace's default country (ISO 3166-1 alpha-2, `GB`): phone numbers typed without their
// country code (the dialer, contacts) are read in it, and numbers are shown in its format. Null:
// numbers must carry their country code.
import type { SqlMigration } from './types';

export const defaultCountry: SqlMigration = {
  name: '0017-default-country',
  up: [`ALTER TABLE workspaces ADD COLUMN default_country text`],
};
