/**
 * `npm run docs:api`: rewrites README's route table (between `<!-- api-table:start -->` and
 * `<!-- api-table:end -->`) from the endpoint catalogue. api-table.test.ts fails until it is run
 * after a change to an endpoint's path, auth, roles, schemas, summary or description.
 */
import fs from 'node:fs';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { README_PATH, renderApiTable, replaceApiTable } from './api-table';

const readme = fs.readFileSync(README_PATH, 'utf8');
const updated = replaceApiTable(readme, renderApiTable(allEndpoints));
if (updated === readme) {
  console.log('README.md: the API table is up to date.');
} else {
  fs.writeFileSync(README_PATH, updated);
  console.log(`README.md: the API table is rewritten (${allEndpoints.length} endpoints).`);
}
