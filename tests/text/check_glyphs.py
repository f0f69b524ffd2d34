#!/usr/bin/env python3
"""Every character the UI can draw is in both font subsets (assets/fonts) and in the ranges ImGui
bakes (kGlyphRanges in src/platform/fonts.cpp): the string literals of the translation tables, the UI
and the report layer, plus the catalog's GPU and model names. A missing glyph draws as "?".
Usage: check_glyphs.py SOURCE_DIR   (needs fontTools: Debian's python3-fonttools)"""
import glob, json, os, re, sys
from fontTools.ttLib import TTFont

root = sys.argv[1]
LIT = re.compile(r'"((?:[^"\\]|\\.)*)"')

def unescape(s):
    s = re.sub(r'\\u([0-9a-fA-F]{4})', lambda m: chr(int(m.group(1), 16)), s)
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), s)

chars = {}
sources = []
for pattern in ('src/text/*.cpp', 'src/ui/*.cpp', 'src/report/*.cpp', 'src/engine/formats.cpp'):
    sources += sorted(glob.glob(os.path.join(root, pattern)))
for path in sources:
    for line in open(path, encoding='utf-8'):
        if line.lstrip().startswith('//'):
            continue
        for lit in LIT.findall(line):
            for ch in unescape(lit):
                chars.setdefault(ch, os.path.relpath(path, root))
catalog = json.load(open(os.path.join(root, 'data/catalog.json'), encoding='utf-8'))
for kind in ('gpus', 'models'):
    for entry in catalog.get(kind, []):
        for ch in entry.get('name', '') + entry.get('id', ''):
            chars.setdefault(ch, 'data/catalog.json')
# The models' notes in both languages (tooltips) and the presets' citations.
for entry in catalog.get('models', []):
    for ch in entry.get('notes', '') + entry.get('notes_ru', ''):
        chars.setdefault(ch, 'data/catalog.json (notes)')
for entry in catalog.get('presets', []):
    for ch in entry.get('source', '') + entry.get('source_ru', ''):
        chars.setdefault(ch, 'data/catalog.json (presets)')
drawn = {ch: src for ch, src in chars.items() if ord(ch) >= 0x20}

web = open(os.path.join(root, 'src/platform/fonts.cpp'), encoding='utf-8').read()
body = re.search(r'kGlyphRanges\[\]\s*=\s*\{([^}]*)\}', web).group(1)
nums = [int(x, 16) for x in re.findall(r'0x([0-9A-Fa-f]+)', body)]
ranges = list(zip(nums[0::2], nums[1::2]))
fonts = sorted(glob.glob(os.path.join(root, 'assets/fonts/*-subset.ttf')))
cmaps = {os.path.basename(f): TTFont(f).getBestCmap() for f in fonts}

bad = []
for ch, src in sorted(drawn.items()):
    cp = ord(ch)
    if not any(lo <= cp <= hi for lo, hi in ranges):
        bad.append(f'U+{cp:04X} {ch!r} ({src}) is outside kGlyphRanges')
    for name, cmap in cmaps.items():
        if cp not in cmap:
            bad.append(f'U+{cp:04X} {ch!r} ({src}) is missing from {name}')
for b in bad:
    print(b)
print(f'{len(drawn)} characters checked against {len(cmaps)} fonts and {len(ranges)} ranges: '
      + (f'{len(bad)} problem(s)' if bad else 'all present'))
sys.exit(1 if bad or len(cmaps) < 2 else 0)
