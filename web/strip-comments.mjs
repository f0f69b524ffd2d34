#!/usr/bin/env node
// Build step (./dev.sh build, not shipped): strips the comments and blank lines from the site's
// copies of the page and its style sheet — a sixth of their bytes; the commented sources stay in
// web/. Only for our own files: no comment markers inside strings there.
//   node web/strip-comments.mjs SITE/index.html SITE/app.css
import fs from 'node:fs';

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const stripped = file.endsWith('.css')
    ? text.replace(/\/\*[\s\S]*?\*\//g, '')
    : text.replace(/<!--[\s\S]*?-->/g, '');
  fs.writeFileSync(file, stripped.replace(/\n\s*\n/g, '\n').replace(/^\s+/, ''));
}
