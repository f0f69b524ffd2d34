// Style limits of src/ (issue 29): no function longer than 80 lines, no line longer than 140
// characters. A function is a definition that opens at column 0 (our namespaces are not indented)
// and ends at the next line that is a lone '}' or '};' at column 0.
//   node tests/style/check_style.mjs [ROOT]          lists every problem; exit 1 if any
import fs from 'node:fs';
import path from 'node:path';

const MAX_FUNCTION_LINES = 80;
const MAX_LINE = 140;
const root = path.resolve(process.argv[2] || '.');
const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const sources = walk(path.join(root, 'src')).filter((f) => /\.(cpp|hpp)$/.test(f))
  .filter((f) => !f.endsWith('accuracy_data.cpp'));  // generated data (tests/validation/table.mjs)

// A definition's first line: a name and an argument list at column 0, not a declaration (;), not a
// control statement, not a namespace, class or struct.
const opens = (line) => /^[A-Za-z_].*\(/.test(line) && !/;\s*$/.test(line) &&
  !/^(namespace|class|struct|enum|union|using|typedef|template\s*<[^>]*>\s*(class|struct)|extern "C" \{)/.test(line);

const problems = [];
for (const file of sources) {
  const rel = path.relative(root, file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((l, i) => {
    const width = [...l].length;  // characters, not bytes (Cyrillic, arrows)
    if (width > MAX_LINE) problems.push(`${rel}:${i + 1}: line of ${width} characters (max ${MAX_LINE})`);
  });
  for (let i = 0; i < lines.length; ++i) {
    if (!opens(lines[i])) continue;
    let body = i;
    while (body < lines.length && !lines[body].includes('{') && !/;\s*$/.test(lines[body])) ++body;
    if (body >= lines.length || /;\s*$/.test(lines[body]) && !lines[body].includes('{')) continue;
    if (/\}\s*;?\s*$/.test(lines[body]) && (lines[body].match(/\{/g) || []).length === (lines[body].match(/\}/g) || []).length) continue;
    let end = body + 1;
    while (end < lines.length && !/^\};?\s*$/.test(lines[end])) ++end;
    const n = end - i + 1;
    if (n > MAX_FUNCTION_LINES) problems.push(`${rel}:${i + 1}: function of ${n} lines (max ${MAX_FUNCTION_LINES}): ${lines[i].trim().slice(0, 80)}`);
    i = end;
  }
}
for (const p of problems) console.log(p);
console.log(`style: ${sources.length} files, ${problems.length} problem(s)`);
process.exit(problems.length ? 1 : 0);
