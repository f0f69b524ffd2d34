#!/usr/bin/env python3
"""Every public config.json in tests/data/hf-configs/ through the CLI, against the reference sizes in
tests/data/hf_reference.json (computed from each checkpoint's own files and model card): parameters
and weights within 3 %, the KV cache of one 8,192-token sequence within 5 %, embedding and speech
models on their services, and the files that must be refused refused with a message that says what
they are and what to do. Prints the table by family; exit 1 on any miss. Run by CTest `cli_hf_table`.
Usage: hf_table.py GPUSIZER DATA_DIR [--markdown]"""
import json, os, re, subprocess, sys
from collections import defaultdict

def evaluate(expr):
    # Plain arithmetic only (digits, e-notation, + - * / and parentheses): the references are data.
    if not re.fullmatch(r'[0-9eE.+\-*/() ]+', expr):
        raise SystemExit(f'reference expression is not arithmetic: {expr!r}')
    return float(eval(expr, {'__builtins__': {}}, {}))

def run(gpusizer, folder):
    args = [gpusizer, '--config', os.path.join(folder, 'config.json')]
    if os.path.exists(os.path.join(folder, 'model.safetensors.index.json')):
        args += ['--index', os.path.join(folder, 'model.safetensors.index.json')]
    if os.path.exists(os.path.join(folder, 'hf_quant_config.json')):
        args += ['--quant', os.path.join(folder, 'hf_quant_config.json')]
    out = subprocess.run(args + ['v=1&users=1&ctx=8192', '--json'], capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr

def within(got, ref, tol):
    return got is not None and ref > 0 and abs(got / ref - 1) <= tol

def pct(got, ref):
    return '—' if got is None or not ref else f'{(got / ref - 1) * 100:+.1f}%'

def check(m, rc, stdout, stderr, tol):
    """(verdict, cells, problems) for one reference entry and the CLI's answer."""
    problems = []
    if 'refuse' in m:
        text = stderr.lower()
        missing = [s for s in m['refuse']['contains'] if s.lower() not in text]
        if rc == 0: problems.append('accepted, should be refused')
        if missing: problems.append(f'refusal lacks {missing}')
        return ('refused' if not problems else 'MISS'), ['refused' if rc else 'accepted', '', ''], problems
    if rc != 0:
        first = stderr.strip().splitlines()[0] if stderr.strip() else f'exit {rc}'
        return 'MISS', ['refused', '', ''], [f'refused: {first[:160]}']
    j = json.loads(stdout)
    params = j['model']['params_b'] * 1e9
    weights = j['memory']['weights_gb']
    kv = j['memory']['kv_cache_gb']
    p_ref = evaluate(m['params']['expr'])
    w_ref = evaluate(m['weights_gb']['expr'])
    cells = [f'{params / 1e9:.3g} B ({pct(params, p_ref)})', f'{weights:.4g} GB ({pct(weights, w_ref)})']
    if not within(params, p_ref, tol['params']): problems.append(f'params {params / 1e9:.4g} B vs {p_ref / 1e9:.4g} B')
    if not within(weights, w_ref, tol['weights']): problems.append(f'weights {weights:.4g} GB vs {w_ref:.4g} GB')
    state = j['state']
    custom = state.get('custom') or {}
    if m['use'] == 'chat':
        kv_ref = evaluate(m['kv_8192_bytes']['expr'])
        kv_bytes = None if kv is None else kv * 1e9
        cells.append(f'{kv:.4g} GB ({pct(kv_bytes, kv_ref)})' if kv is not None else '—')
        # kv_cache_gb is rounded to the MB: compare at that precision.
        if kv_bytes is None or abs(kv_bytes - kv_ref) > max(tol['kv'] * kv_ref, 0.6e6):
            problems.append(f'KV {kv} GB vs {kv_ref / 1e9:.4g} GB')
    elif m['use'] == 'embed':
        cells.append(f'embed ({custom.get("embed")}-d)')
        if state['use'] != 'embed': problems.append(f'use {state["use"]}, not embed')
        if custom.get('embed') != m['embed_dim']: problems.append(f'embed {custom.get("embed")} vs {m["embed_dim"]}')
    elif m['use'] == 'asr':
        sp = m['speech']
        cells.append(f'asr (encoder {custom.get("enc_params", 0):.3g} B)')
        if state['use'] != 'asr': problems.append(f'use {state["use"]}, not asr')
        for key, ref_key in [('enc_layers', 'encoder_layers'), ('enc_hidden', 'encoder_hidden'), ('dec_layers', 'decoder_layers')]:
            if custom.get(key) != sp[ref_key]: problems.append(f'{key} {custom.get(key)} vs {sp[ref_key]}')
        if not within(custom.get('enc_params', 0), sp['encoder_params_b'], tol['params']):
            problems.append(f'enc_params {custom.get("enc_params")} vs {sp["encoder_params_b"]}')
    # A name made from the size ("qwen-72.3B") shows the count used, not the architecture's.
    sized = re.search(r'-([0-9.]+(?:e[+-]?[0-9]+)?)([BM])$', j['model']['name'])
    if sized:
        shown = float(sized.group(1)) * (1e9 if sized.group(2) == 'B' else 1e6)
        if not within(shown, params, 0.01): problems.append(f'name {j["model"]["name"]} for {params / 1e9:.4g} B')
    if 'format' in m and j['weight_format'] != m['format']:
        problems.append(f'format {j["weight_format"]} vs {m["format"]}')
    if 'max_ctx' in m and custom.get('max_ctx') != m['max_ctx']:
        problems.append(f'max_ctx {custom.get("max_ctx")} vs {m["max_ctx"]}')
    # The result's link alone (no file) gives the same answer.
    back = subprocess.run([GPUSIZER, j['link'], '--json'], capture_output=True, text=True)
    strip = lambda r: {k: v for k, v in r.items() if k != 'warnings'}
    if back.returncode != 0 or strip(json.loads(back.stdout)) != strip(j):
        problems.append(f'its link gives another result: {j["link"]}')
    return ('ok' if not problems else 'MISS'), cells, problems

GPUSIZER = None

def main():
    global GPUSIZER
    gpusizer, data = sys.argv[1], sys.argv[2]
    GPUSIZER = gpusizer
    markdown = '--markdown' in sys.argv
    ref = json.load(open(os.path.join(data, 'hf_reference.json'), encoding='utf-8'))
    folders = os.path.join(data, 'hf-configs')
    listed = {m['dir'] for m in ref['models']}
    on_disk = {d for d in os.listdir(folders) if not d.startswith('_')} | \
              {'_malformed/' + d for d in os.listdir(os.path.join(folders, '_malformed'))}
    failures = [f'{d}: no reference' for d in sorted(on_disk - listed)] + [f'{d}: no folder' for d in sorted(listed - on_disk)]
    rows, by_family = [], defaultdict(lambda: [0, 0])
    for m in ref['models']:
        rc, out, err = run(gpusizer, os.path.join(folders, m['dir']))
        verdict, cells, problems = check(m, rc, out, err, ref['tolerance'])
        rows.append((m['family'], m['dir'], verdict, cells, problems))
        by_family[m['family']][0] += verdict != 'MISS'
        by_family[m['family']][1] += 1
        failures += [f'{m["dir"]}: {p}' for p in problems]
    rows.sort()
    if markdown:
        print('| family | config | verdict | parameters | weights | KV @ 8,192 / service |\n|---|---|---|---|---|---|')
        for fam, d, verdict, cells, problems in rows:
            print(f'| {fam} | {d} | {verdict} | ' + ' | '.join(cells) + ' |')
    else:
        for fam, d, verdict, cells, problems in rows:
            print(f'{fam:14} {d:38} {verdict:8} ' + '  '.join(f'{c:22}' for c in cells) + ('  ' + '; '.join(problems) if problems else ''))
    print()
    print('by family: ' + ', '.join(f'{f} {ok}/{n}' for f, (ok, n) in sorted(by_family.items())))
    good = sum(ok for ok, n in by_family.values())
    total = sum(n for ok, n in by_family.values())
    print(f'hf table: {good}/{total} within the references' + ('' if not failures else f'; {len(failures)} problems'))
    for f in failures:
        print('FAIL', f)
    sys.exit(1 if failures else 0)

if __name__ == '__main__':
    main()
