// The bundled catalog validates against data/catalog.schema.json (the documented schema), and the
// schema rejects what the loader rejects (a sparse-looking broken entry).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { assert } from './harness.mjs';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');

export default [
  {
    name: 'catalog: data/catalog.json validates against data/catalog.schema.json',
    async fn(ctx) {
      const root = path.join(ctx.siteDir, '..', '..');
      const schema = JSON.parse(fs.readFileSync(path.join(root, 'data', 'catalog.schema.json'), 'utf8'));
      const catalog = JSON.parse(fs.readFileSync(path.join(root, 'data', 'catalog.json'), 'utf8'));
      const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
      assert(validate(catalog), JSON.stringify(validate.errors && validate.errors.slice(0, 5)));
      const broken = structuredClone(catalog);
      broken.gpus[0].memory_gib = '80';
      delete broken.gpus[1].sources;
      assert(!validate(broken) && validate.errors.length >= 2, 'schema rejects a string size and a missing source');
    },
  },
];
