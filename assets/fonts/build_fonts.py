#!/usr/bin/env python3
"""Rebuilds Roboto-{Regular,Medium}-subset.ttf: Roboto (fonts-roboto-unhinted) cut to the UI's
ranges, plus the symbols Roboto lacks (arrows, check/cross, triangles, the info sign) copied from
DejaVu Sans (fonts-dejavu-core). Run from anywhere: /usr/bin/python3 assets/fonts/build_fonts.py"""
import os
from fontTools import subset
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

HERE = os.path.dirname(os.path.abspath(__file__))
ROBOTO = '/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-{}.ttf'
DEJAVU = {'Regular': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
          'Medium': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'}
# Exactly what ImGui bakes (kGlyphRanges in src/platform/fonts.cpp): a glyph outside those ranges draws
# as "?" whether the font has it or not, so it would only cost bytes of the first load.
RANGES = ('U+0020-007E,U+00A0,U+00AB,U+00B0-00B1,U+00B5,U+00B7,U+00BB,U+00D7,U+0401,U+0410-044F,U+0451,'
          'U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+20BD,U+2212,U+2248,U+2264-2265')
# Not in Roboto: ← ↓ ↗ (back, "jump to the results", "open") and ✓ ✕ (the models view's fits / does not).
FROM_DEJAVU = [0x2190, 0x2193, 0x2197, 0x2713, 0x2715]

for weight in ('Regular', 'Medium'):
    font = TTFont(ROBOTO.format(weight))
    opts = subset.Options()
    opts.hinting = False
    opts.desubroutinize = True
    opts.layout_features = []
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=subset.parse_unicodes(RANGES))
    sub.subset(font)
    donor = TTFont(DEJAVU[weight])
    scale = font['head'].unitsPerEm / donor['head'].unitsPerEm
    glyphs, cmap = donor.getGlyphSet(), donor.getBestCmap()
    order = list(font.getGlyphOrder())
    for cp in FROM_DEJAVU:
        src, name = cmap[cp], 'uni%04X' % cp
        rec = DecomposingRecordingPen(glyphs)  # components become outlines: one self-contained glyph
        glyphs[src].draw(rec)
        pen = TTGlyphPen(None)
        for op, args in rec.value:
            getattr(pen, op)(*[tuple(v * scale for v in a) for a in args])
        font['glyf'][name] = pen.glyph()
        width, _ = donor['hmtx'][src]
        font['hmtx'][name] = (round(width * scale), 0)
        order.append(name)
        for table in font['cmap'].tables:
            if table.isUnicode():
                table.cmap[cp] = name
    font.setGlyphOrder(order)
    font['glyf'].glyphOrder = order
    # 512 units per em instead of 2048: shorter outline coordinates, 15 % fewer bytes; a unit is
    # 0.13 px at the largest size drawn (22 px × DPR 3). No layout tables: ImGui reads none.
    scale_upem(font, 512)
    for table in ('GDEF', 'GPOS', 'GSUB'):
        if table in font:
            del font[table]
    font.save(os.path.join(HERE, f'Roboto-{weight}-subset.ttf'))
    print(weight, len(order), 'glyphs,', os.path.getsize(os.path.join(HERE, f'Roboto-{weight}-subset.ttf')), 'bytes')
