// Generates the README's validation table from tests/validation/validation.json by running the CLI,
// so the table never drifts from what the doctest suite checks.
//   node tests/validation/table.mjs <gpusizer-cli>            prints the table
//   node tests/validation/table.mjs <gpusizer-cli> --check README.md   fails if README's table differs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const [cli, flag, readme] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(join(here, 'validation.json'), 'utf8'));

// option.* reads the first ranked option on the case's GPU (and tensor-parallel size, when the case
// names one; the partial-offload option, when the case says "offload": true).
function metric(out, path, gpu, tp, offload) {
  const [head, field] = path.split('.');
  if (head === 'memory') return out.memory[field];
  const o = out.options.find((x) => x.gpu === gpu && (!tp || x.tp === tp) && (!offload || x.offload));
  return o ? o[field] : null;
}
const fmt = (v) => (Math.abs(v) >= 1e5 ? v.toExponential(3) : +v.toPrecision(4)).toString();

const rows = [];
const errors = [];
for (const c of cases) {
  const extra = c.provider ? ['--provider', join(here, '..', '..', c.provider)] : [];
  const out = JSON.parse(execFileSync(cli, [c.link, '--json', ...extra], { encoding: 'utf8' }));
  const gpu = new URLSearchParams(c.link).get('gpu');
  const engine = metric(out, c.metric, gpu, c.tp, c.offload);
  const published = c.published * c.factor;
  const err = (100 * (engine - published)) / published;
  errors.push(Math.abs(err));
  const source = c.source.split(' ')[0];
  rows.push(`| ${c.id} | ${c.kind} | ${fmt(c.published)} ${c.published_unit.split(' (')[0]} | ${fmt(engine)} | ${err >= 0 ? '+' : ''}${err.toFixed(1)} % | ±${c.tolerance_pct} % | [source](${source}) |`);
}
errors.sort((a, b) => a - b);
const median = errors[Math.floor(errors.length / 2)];
const table = [
  `${cases.length} published cases; median absolute error ${median.toFixed(1)} %, worst ${errors[errors.length - 1].toFixed(1)} %.`,
  'Engine figures are in the engine\'s unit (GB = 10^9 bytes, GPU-hours, tokens/s, × realtime, hours); the published figure is shown as published.',
  '',
  '| case | kind | published | engine | error | tolerance | source |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');

if (flag === '--check') {
  const text = readFileSync(readme, 'utf8');
  const m = text.match(/<!-- validation:begin -->\n([\s\S]*?)\n<!-- validation:end -->/);
  if (!m || m[1].trim() !== table.trim()) {
    console.error('README validation table is out of date: regenerate with node tests/validation/table.mjs build/native/gpusizer');
    process.exit(1);
  }
  console.log(`validation table: README matches (${cases.length} cases, median ${median.toFixed(1)} %, worst ${errors[errors.length - 1].toFixed(1)} %)`);
} else {
  console.log(table);
}
