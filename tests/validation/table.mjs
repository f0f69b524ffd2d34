// The validation report, from tests/validation/validation.json (the cases) and families.json (each
// family's class and stated tolerance), by running the CLI on every case:
//   * docs/VALIDATION.md's validation section (headline from checks only, per family and role, the cases);
//   * src/report/accuracy_data.cpp, the error band every figure of the page, exports and JSON shows.
//   node tests/validation/table.mjs <gpusizer-cli>            prints the section
//   node tests/validation/table.mjs <gpusizer-cli> --write docs/VALIDATION.md   rewrites the three files
//   node tests/validation/table.mjs <gpusizer-cli> --check docs/VALIDATION.md   fails if any differs
// (docs/VALIDATION.md's table, README.md's headline of the checks, src/report/accuracy_data.cpp).
// A case is a `check` (no constant of the engine was set on it or on its source run) or a
// `calibration` point (`constant` names what was set on it). Only checks make the bands.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const accuracyFile = join(root, 'src', 'report', 'accuracy_data.cpp');
const [cli, flag, readme] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(join(here, 'validation.json'), 'utf8'));
const families = JSON.parse(readFileSync(join(here, 'families.json'), 'utf8'));
delete families._comment;

// option.* reads the first ranked option on the case's GPU (and tensor-parallel size, when the case
// names one; the partial-offload option, when the case says "offload": true).
// A deeper path (option.slo.ttft_s.p99) walks into the option's objects.
function metric(out, path, gpu, tp, offload) {
  const [head, ...fields] = path.split('.');
  if (head === 'memory') return out.memory[fields[0]];
  const o = out.options.find((x) => x.gpu === gpu && (!tp || x.tp === tp) && (!offload || x.offload));
  return o ? fields.reduce((v, f) => (v == null ? null : v[f]), o) : null;
}
const fmt = (v) => (Math.abs(v) >= 1e5 ? v.toExponential(3) : +v.toPrecision(4)).toString();
const pct = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} %`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const worst = (errs) => errs.reduce((w, e) => (Math.abs(e) > Math.abs(w) ? e : w), 0);

function validate(c) {
  const problems = [];
  const fam = families[c.family];
  if (!fam) problems.push(`unknown family ${c.family}`);
  if (c.role !== 'check' && c.role !== 'calibration') problems.push(`role must be check or calibration`);
  if (c.role === 'calibration' && !c.constant) problems.push('a calibration point names its constant');
  if (fam && c.tolerance_pct > fam.tolerance_pct) problems.push(`tolerance above the family's ±${fam.tolerance_pct} %`);
  if (problems.length) throw new Error(`${c.id}: ${problems.join('; ')}`);
}

const rows = [];
const unmarked = [];
for (const c of cases) {
  validate(c);
  const extra = c.provider ? ['--provider', join(root, c.provider)] : [];
  const out = JSON.parse(execFileSync(cli, [c.link, '--json', ...extra], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  const params = new URLSearchParams(c.link);
  const gpu = params.get('gpu');
  // A case with `baseline_link` compares a ratio: the metric at `link` over the metric at the baseline
  // (what a published before/after run measures, free of the engine's error on the absolute figure).
  let engine = metric(out, c.metric, gpu, c.tp, c.offload);
  if (c.baseline_link) {
    const base = JSON.parse(execFileSync(cli, [c.baseline_link, '--json', ...extra], { encoding: 'utf8', maxBuffer: 1 << 26 }));
    engine /= metric(base, c.metric, new URLSearchParams(c.baseline_link).get('gpu'), c.tp, c.offload);
  }
  const published = c.published * c.factor;
  const err = (100 * (engine - published)) / published;
  const miss = Math.abs(err) > c.tolerance_pct;
  if (miss !== Boolean(c.miss))
    unmarked.push(`${c.id}: ${pct(err)} against ±${c.tolerance_pct} %: ${miss ? 'a miss not marked "miss"' : 'marked "miss" but within'}`);
  const model = out.state.model || '';
  rows.push({ c, engine, err, miss, gpu: gpu || '', model, source: c.source.split(' ')[0] });
}

if (unmarked.length) {
  console.error(unmarked.join('\n'));
  process.exit(1);
}

// Statistics of a set of rows: count, median absolute error, worst signed error, misses.
function stats(rs) {
  const errs = rs.map((r) => r.err);
  return { n: rs.length, median: median(errs.map(Math.abs)), worst: worst(errs), misses: rs.filter((r) => r.miss).length };
}
const statText = (s) => (s.n ? `${s.n} | ${s.median.toFixed(1)} % | ${pct(s.worst)} | ${s.misses}` : '0 | — | — | —');
const checks = rows.filter((r) => r.c.role === 'check');
const classes = ['performance', 'memory', 'arithmetic'];
const classLine = (cls, role) => {
  const s = stats(rows.filter((r) => r.c.role === role && families[r.c.family].class === cls));
  return s.n ? `${cls} ${s.n} (median ${s.median.toFixed(1)} %, worst ${pct(s.worst)}, ${s.misses} outside tolerance)` : `${cls} none`;
};

const familyRows = Object.entries(families).map(([name, f]) => {
  const mine = rows.filter((r) => r.c.family === name);
  const chk = stats(mine.filter((r) => r.c.role === 'check'));
  const cal = stats(mine.filter((r) => r.c.role === 'calibration'));
  return `| ${name} | ${f.class} | ±${f.tolerance_pct} % | ${statText(chk)} | ${cal.n} | ${cal.n ? cal.median.toFixed(1) + ' %' : '—'} |`;
});

const caseRows = rows.map(({ c, engine, err, miss, source }) =>
  `| ${c.id} | ${c.family} | ${c.role} | ${fmt(c.published)} ${c.published_unit.split(' (')[0]} | ${fmt(engine)} | ${pct(err)} | ±${c.tolerance_pct} % | ${miss ? '**miss**' : 'ok'} | [source](${source}) |`);

const table = [
  `**Checks** (no constant of the engine was set on them or on their source run): ${classes.map((k) => classLine(k, 'check')).join('; ')}.`,
  `**Calibration points** (a constant was set on them; never counted as checks): ${classes.map((k) => classLine(k, 'calibration')).join('; ')}.`,
  `${rows.length} published cases in all. Errors are engine − published, in % of published; a miss is a check outside the tolerance its family states.`,
  '',
  '| family | class | family tolerance | checks | median abs error | worst | misses | calibration points | their median |',
  '|---|---|---|---|---|---|---|---|---|',
  ...familyRows,
  '',
  'Engine figures are in the engine\'s unit (GB = 10^9 bytes, GPU-hours, tokens/s, × realtime, hours); the published figure is shown as published.',
  '',
  '| case | family | role | published | engine | error | tolerance | | source |',
  '|---|---|---|---|---|---|---|---|---|',
  ...caseRows,
].join('\n');

// The README's headline: the checks' figures only, one class after another (calibration points apart).
const headline = [
  `**How right the figures are** — on ${checks.length} published runs no constant of the engine was set on: ` +
    `${classes.map((k) => classLine(k, 'check')).join('; ')}. ` +
    `The calibration points (${rows.length - checks.length}) are listed apart in [docs/VALIDATION.md](docs/VALIDATION.md), ` +
    'each family with its own band; every figure of the page, the exports and the JSON carries its family\'s band.',
].join('\n');

// The bands compiled into the engine's report layer: one row per family, one per check.
const cstr = (s) => JSON.stringify(s);  // JSON string syntax is valid C++ for these ASCII fields
function accuracySource() {
  const fam = Object.entries(families).map(([name, f]) => {
    const s = stats(checks.filter((r) => r.c.family === name));
    const med = s.n ? s.median.toFixed(2) : '0';
    const w = s.n ? s.worst.toFixed(2) : '0';
    return `    {${cstr(name)}, ${s.n}, ${med}, ${w}, ${f.tolerance_pct}, ${s.misses}},`;
  });
  const runs = checks.map((r) =>
    `    {${cstr(r.c.family)}, ${cstr(r.c.id)}, ${cstr(r.model)}, ${cstr(r.gpu)}, ${r.err.toFixed(2)},\n     ${cstr(r.source)}},`);
  return [
    '// Generated by tests/validation/table.mjs from tests/validation/validation.json: do not edit.',
    '// `./dev.sh test` fails when it differs from what the engine computes now; regenerate with',
    '//   node tests/validation/table.mjs build/native/gpusizer --write docs/VALIDATION.md',
    '#include "report/accuracy.hpp"',
    '',
    'namespace gpusizer::accuracy_data {',
    '',
    'const FamilyBand kFamilies[] = {',
    ...fam,
    '};',
    'const CheckRun kChecks[] = {',
    ...runs,
    '};',
    'const std::size_t kFamilyCount = sizeof kFamilies / sizeof kFamilies[0];',
    'const std::size_t kCheckCount = sizeof kChecks / sizeof kChecks[0];',
    '',
    '}  // namespace gpusizer::accuracy_data',
    '',
  ].join('\n');
}

const section = /<!-- validation:begin -->\n([\s\S]*?)\n<!-- validation:end -->/;
const headSection = /<!-- headline:begin -->\n([\s\S]*?)\n<!-- headline:end -->/;
const frontDoor = join(here, '..', '..', 'README.md');
if (flag === '--check' || flag === '--write') {
  const text = readFileSync(readme, 'utf8');
  const front = readFileSync(frontDoor, 'utf8');
  const m = text.match(section);
  const h = front.match(headSection);
  if (!m) throw new Error(`${readme}: no <!-- validation:begin --> section`);
  if (!h) throw new Error(`${frontDoor}: no <!-- headline:begin --> section`);
  const source = accuracySource();
  if (flag === '--write') {
    writeFileSync(readme, text.replace(section, `<!-- validation:begin -->\n${table}\n<!-- validation:end -->`));
    writeFileSync(frontDoor, front.replace(headSection, `<!-- headline:begin -->\n${headline}\n<!-- headline:end -->`));
    writeFileSync(accuracyFile, source);
    console.log(`wrote ${readme}, README.md's headline and ${accuracyFile}`);
  } else {
    let current = '';
    try { current = readFileSync(accuracyFile, 'utf8'); } catch { /* missing: reported below */ }
    const stale = [];
    if (m[1].trim() !== table.trim()) stale.push(readme);
    if (h[1].trim() !== headline.trim()) stale.push(frontDoor);
    if (current !== source) stale.push(accuracyFile);
    if (stale.length) {
      console.error(`out of date: ${stale.join(', ')}; regenerate with node tests/validation/table.mjs build/native/gpusizer --write docs/VALIDATION.md`);
      process.exit(1);
    }
    const s = stats(checks);
    console.log(`validation: docs/VALIDATION.md and accuracy data match (${rows.length} cases, ${s.n} checks, median ${s.median.toFixed(1)} %)`);
  }
} else {
  console.log(table);
}
