#!/usr/bin/env python3
"""Every tr("...") literal in src/ui/*.cpp, and every results column's header (src/report/columns.cpp),
has a Russian entry in src/text/ui_ru.cpp.
Usage: check_strings.py SOURCE_DIR   (exit 1 and a list of the missing strings on failure)"""
import glob, os, re, sys

LIT = r'"((?:[^"\\]|\\.)*)"'

def unescape(s):
    return s.encode('latin-1', 'backslashreplace').decode('unicode_escape').encode('latin-1').decode('utf-8') if '\\' in s else s

root = sys.argv[1]
table = open(os.path.join(root, 'src/text/ui_ru.cpp'), encoding='utf-8').read()
keys = {unescape(m) for m in re.findall(r'\{\s*' + LIT + r'\s*,', table)}
missing = []
for path in sorted(glob.glob(os.path.join(root, 'src/ui/*.cpp'))):
    for lit in re.findall(r'\btr\(\s*' + LIT + r'\s*\)', open(path, encoding='utf-8').read()):
        if unescape(lit) not in keys:
            missing.append(f'{os.path.relpath(path, root)}: tr("{lit}")')
# The results columns' headers are text codes too (report/columns.hpp): {ColumnId::x, "Header", ...
# TP, PP and DP (the parallel layout's degrees) read the same in Russian.
columns = os.path.join(root, 'src/report/columns.cpp')
for lit in re.findall(r'\{ColumnId::\w+,\s*' + LIT, open(columns, encoding='utf-8').read()):
    if unescape(lit) not in keys and lit not in ('TP', 'PP', 'DP'):
        missing.append(f'src/report/columns.cpp: header "{lit}"')
for m in missing:
    print('no Russian entry:', m)
print(f"{len(missing)} string(s) without a Russian entry" if missing else "every tr() literal and column header has a Russian entry")
sys.exit(1 if missing else 0)
