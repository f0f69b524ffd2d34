// Generates docs/CATALOG.md's table of bundled GPU prices from data/catalog.json, so the document never
// drifts from the catalog the page ships.
//   node tests/validation/prices.mjs data/catalog.json                    prints the table
//   node tests/validation/prices.mjs data/catalog.json --check docs/CATALOG.md  fails if its table differs
import { readFileSync } from 'node:fs';

const [catalogPath, flag, readme] = process.argv.slice(2);
const catalog = JSON.parse(readFileSync(catalogPath, 'utf8'));
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const rows = catalog.gpus.map((g) => {
  const p = g.price_per_gpu_hour;
  if (!p) return `| ${cell(g.name)} | no price | — | ${cell((g.unknown || {}).price_per_gpu_hour || '')} |`;
  const value = `${p.value} ${p.currency || catalog.currency}`;
  return `| ${cell(g.name)} | ${value} | ${p.basis || 'list'}, ${cell(p.date)} | ${cell(p.source)} |`;
});
const priced = catalog.gpus.filter((g) => g.price_per_gpu_hour).length;
const table = [
  `${priced} of ${catalog.gpus.length} GPUs priced; on-demand, per GPU-hour, host included.`,
  '',
  '| GPU | price | basis, date | source (or why there is none) |',
  '|---|---|---|---|',
  ...rows,
].join('\n');

if (flag === '--check') {
  const text = readFileSync(readme, 'utf8');
  const m = text.match(/<!-- prices:begin -->\n([\s\S]*?)\n<!-- prices:end -->/);
  if (!m || m[1].trim() !== table.trim()) {
    console.error('docs/CATALOG.md: the price table is out of date: regenerate with node tests/validation/prices.mjs data/catalog.json');
    process.exit(1);
  }
  console.log(`price table: docs/CATALOG.md matches (${priced} of ${catalog.gpus.length} GPUs priced)`);
} else {
  console.log(table);
}
