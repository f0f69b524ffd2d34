#!/usr/bin/env python3
"""CLI: `gpusizer --config FILE '<link>' --json` sizes the model of a public config.json, and the
result's `link` alone (no file) gives the same result. Run by CTest `cli_config_links`.
Usage: config_links.py GPUSIZER DATA_DIR"""
import json, subprocess, sys

gpusizer, data = sys.argv[1], sys.argv[2]
failures = []

def run(*args):
    out = subprocess.run([gpusizer, *args, '--json'], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f'{args}: exit {out.returncode}: {out.stderr}')
    return json.loads(out.stdout)

def without_warnings(j):
    # The import's notes (how the file was read) are warnings only the run with the file has.
    return {k: v for k, v in j.items() if k != 'warnings'}

for name in ['Qwen3-8B', 'DeepSeek-V2-Lite', 'gpt-oss-20b']:
    with_file = run('--config', f'{data}/{name}.config.json', 'v=1&users=25&ctx=16384&gpu=l40s')
    link = with_file['link']
    if 'model=custom' not in link or 'users=25' not in link:
        failures.append(f'{name}: link lacks the model or the load: {link}')
    from_link = run(link)
    if without_warnings(with_file) != without_warnings(from_link):
        diff = [k for k in with_file if k != 'warnings' and with_file[k] != from_link.get(k)]
        failures.append(f'{name}: the link gives another result ({", ".join(diff)}): {link}')
    codes = [w['code'] for w in with_file['warnings']]
    if 'config.params_arch' not in codes:
        failures.append(f'{name}: no note of how the parameters were counted: {codes}')
    print(f'{name}: {link}')

# A file that is not a config: exit 3, the problem on stderr, nothing on stdout.
bad = subprocess.run([gpusizer, '--config', f'{data}/README.md', 'v=1', '--json'], capture_output=True, text=True)
if bad.returncode != 3 or bad.stdout or 'not valid JSON' not in bad.stderr:
    failures.append(f'README.md as --config: exit {bad.returncode}, stderr {bad.stderr!r}')

for f in failures:
    print('FAIL', f)
print('cli config links:', 'ok' if not failures else f'{len(failures)} failures')
sys.exit(1 if failures else 0)
