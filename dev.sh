#!/usr/bin/env bash
# gpusizer driver: set-up, build, serve, test, bench. Every command installs what it needs.
#   ./dev.sh serve [PORT]   build everything and serve the calculator on http://127.0.0.1:PORT/ (8080)
#   ./dev.sh test           build everything and run every test (native, wasm under node, browser)
#   ./dev.sh setup | build | bench | fuzz [SECONDS]
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
BUILD=$ROOT/build
IMGUI_DIR=$BUILD/third_party/imgui-1.86
JOBS=$(nproc 2>/dev/null || echo 2)
export NODE_PATH=/usr/share/nodejs   # emcc's acorn with this machine's Node 20

APT_PACKAGES="emscripten binaryen nlohmann-json3-dev doctest-dev cmake g++ clang libclang-rt-14-dev chromium fonts-roboto-unhinted fonts-dejavu-core fonttools python3-fonttools dpkg-dev xz-utils brotli terser nodejs npm"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

setup() {
  local missing=""
  for p in $APT_PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  # The machine's own Node/npm may come from outside Debian; only install Debian's if none is present.
  if command -v node >/dev/null && command -v npm >/dev/null; then missing=$(echo "$missing" | sed 's/ nodejs//; s/ npm//'); fi
  if [ -n "${missing// /}" ]; then
    echo "== installing Debian packages:$missing"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
  if [ ! -f "$IMGUI_DIR/imgui.cpp" ]; then
    echo "== fetching Dear ImGui 1.86 from Debian's source package"
    local src=/etc/apt/sources.list.d/debian-src.sources
    if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list 2>/dev/null; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | as_root tee "$src" >/dev/null
      as_root apt-get update -qq
    fi
    mkdir -p "$BUILD/third_party"
    (cd "$BUILD/third_party" && apt-get source -qq imgui=1.86+ds-1 >/dev/null 2>&1 || apt-get source -qq imgui >/dev/null)
    local dir
    dir=$(find "$BUILD/third_party" -maxdepth 1 -type d -name 'imgui-1.86*' | head -1)
    [ "$dir" = "$IMGUI_DIR" ] || { rm -rf "$IMGUI_DIR"; mv "$dir" "$IMGUI_DIR"; }
  fi
  if [ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ] || [ ! -d "$ROOT/tests/browser/node_modules/ajv" ]; then
    echo "== installing playwright-core and ajv (npm, lock file)"
    (cd "$ROOT/tests/browser" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_native() {
  cmake -S "$ROOT" -B "$BUILD/native" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD/native" -j "$JOBS"
}

build_wasm() {
  emcmake cmake -S "$ROOT" -B "$BUILD/wasm" -DCMAKE_BUILD_TYPE=Release -DIMGUI_DIR="$IMGUI_DIR" >/dev/null
  cmake --build "$BUILD/wasm" -j "$JOBS"
  # The static site: any static web server can host this folder as it is.
  local site=$BUILD/site
  rm -rf "$site" && mkdir -p "$site/fonts"
  # The page shell's parts (web/app/, by concern), in this order, as one function: they share its
  # variables (web/app/page.js says why one file).
  local part
  { echo '(function () {'
    for part in page canvas view summary hooks start json-module import events page-text embed-host api; do
      cat "$ROOT/web/app/$part.js"
    done
    echo '})();'; } > "$site/app.js"
  cp "$ROOT"/web/boot.js "$ROOT"/web/app.css "$ROOT"/web/touch.js "$ROOT"/web/catalog-check.js "$ROOT"/web/embed.js "$ROOT"/web/favicon.svg "$ROOT"/web/host-example.* "$site/"
  cp "$BUILD/wasm/gpusizer.js" "$BUILD/wasm/gpusizer.wasm" "$BUILD/wasm/gpusizer-json.js" "$BUILD/wasm/gpusizer-json.wasm" "$site/"
  # emcc's size pass once more, repeated until the module stops shrinking (~1.5 KB of gzip), with
  # functions of up to 5 instructions inlined everywhere (binaryen's default is 2): 15 % fewer
  # functions, each compiled on its first call at start-up (V8 compiles WebAssembly lazily), and
  # another 1.8 KB less. Single-caller functions are inlined only up to the size the link used (see
  # GPUSIZER_ONE_CALLER_INLINE in CMakeLists.txt: large functions with hot loops cost start-up time).
  local one_caller
  one_caller=$(sed -n 's/^GPUSIZER_ONE_CALLER_INLINE:STRING=//p' "$BUILD/wasm/CMakeCache.txt")
  wasm-opt -Oz --converge --always-inline-max-function-size=5 --one-caller-inline-max-function-size="${one_caller:-200}" \
    "$site/gpusizer.wasm" -o "$site/gpusizer.wasm"
  # The page with the default configuration's answer written in (shown until the canvas draws).
  "$BUILD/native/gpusizer" --prerender "$ROOT/web/index.html" "$site/index.html" --catalog "$ROOT/data/catalog.json"
  # The page reads the catalog packed by the native loader (catalog.bin: no JSON parse before the first
  # frame); catalog.json is published beside it, minified, as the open data it is.
  "$BUILD/native/gpusizer" --pack-catalog "$site/catalog.bin" --pack-model-notes "$site/model-notes.bin" --pack-model-notes-ru "$site/model-notes-ru.bin" --catalog "$ROOT/data/catalog.json"
  # The Russian text, fetched only by a page in Russian (src/text/language_pack.hpp).
  "$BUILD/native/gpusizer" --pack-text ru "$site/text-ru.bin"
  node -e 'process.stdout.write(JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8"))))' < "$ROOT/data/catalog.json" > "$site/catalog.json"
  cp "$ROOT"/assets/fonts/Roboto-*-subset.ttf "$site/fonts/"
  # The scripts minified (Debian's terser): comments and long names would be a tenth of the first
  # load. The readable sources are web/*.js and the module's runtime in build/wasm/gpusizer.js.
  for f in app.js touch.js boot.js embed.js catalog-check.js gpusizer.js gpusizer-json.js; do
    terser "$site/$f" --compress --mangle --ecma 2020 --output "$site/$f"
  done
  # The module's runtime goes first in app.js (web/app/page.js says why), not in a file of its own.
  { cat "$site/gpusizer.js"; echo; cat "$site/app.js"; } > "$site/app.js.tmp"
  mv "$site/app.js.tmp" "$site/app.js" && rm "$site/gpusizer.js"
  node "$ROOT/web/strip-comments.mjs" "$site/index.html" "$site/app.css" "$site/host-example.html" "$site/host-example.css"
  precompress "$site"
  echo "== site: $site ($(du -sk --exclude='*.gz' --exclude='*.br' "$site" | cut -f1) KB, and .gz/.br copies)"
}

# Every text-like file gets its gzip -9 and Brotli (quality 11) copy beside it: a server sends the
# copy the browser accepts (web/serve.mjs, nginx gzip_static / brotli_static in docs/HOSTING.md) and
# never compresses at request time.
precompress() {
  find "$1" -type f \( -name '*.html' -o -name '*.css' -o -name '*.js' -o -name '*.wasm' -o -name '*.bin' \
    -o -name '*.json' -o -name '*.ttf' -o -name '*.svg' \) | while read -r f; do
    gzip -9 -n -k -f "$f"
    brotli -q 11 -k -f "$f"
  done
}

build() { setup; build_native; build_wasm; }

serve() {
  build
  local port=${1:-${PORT:-8080}}
  echo "== serving $BUILD/site"
  exec node "$ROOT/web/serve.mjs" "$BUILD/site" "$port"
}

run_tests() {
  build
  echo "== native tests (doctest via ctest)"
  ctest --test-dir "$BUILD/native" --output-on-failure
  "$BUILD/native/engine_tests" --no-version | tail -3
  echo "== wasm tests (doctest under node via ctest)"
  ctest --test-dir "$BUILD/wasm" --output-on-failure
  node "$BUILD/wasm/engine_tests.js" --no-version | tail -3
  echo "== validation table (docs/VALIDATION.md) and price table (docs/CATALOG.md)"
  node "$ROOT/tests/validation/table.mjs" "$BUILD/native/gpusizer" --check "$ROOT/docs/VALIDATION.md"
  node "$ROOT/tests/validation/prices.mjs" "$ROOT/data/catalog.json" --check "$ROOT/docs/CATALOG.md"
  echo "== style: no function over 80 lines, no line over 140 characters in src/ (tests/style)"
  node "$ROOT/tests/style/check_style.mjs" "$ROOT"
  echo "== size budget of the site (gzip -9 per file and the first load)"
  node "$ROOT/tests/size/check_sizes.mjs" "$BUILD/site"
  echo "== browser tests (headless Chromium)"
  node "$ROOT/tests/browser/run.mjs" "$BUILD/site" "$BUILD/screenshots"
  echo "== fuzzers (libFuzzer + ASan/UBSan, bounded; ./dev.sh fuzz 600 for long runs)"
  fuzz "${FUZZ_SECONDS:-5}"
  echo "== all tests passed"
}

# libFuzzer writes a file into the artifacts folder only for a finding: crash-, leak-, oom-, timeout-,
# and slow-unit- (a unit over -report_slow_units, 10 s by default). Any such file, or a non-zero exit,
# fails the run. The folder is emptied first, so an earlier run's findings fail nothing.
fuzz() {
  local seconds=${1:-10}
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD/fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGPUSIZER_FUZZ=ON >/dev/null
  cmake --build "$BUILD/fuzz" -j "$JOBS" --target fuzz_link fuzz_catalog fuzz_engine fuzz_provider fuzz_exports
  local artifacts=$BUILD/fuzz/artifacts
  rm -rf "$artifacts"
  for f in link catalog engine provider exports; do
    mkdir -p "$BUILD/fuzz/corpus_$f" "$artifacts/$f"
    echo "== fuzz_$f for ${seconds}s"
    # Seeds (incl. past crashers) first as regressions, then a bounded run; a finding fails the run.
    "$BUILD/fuzz/fuzz_$f" -runs=0 -artifact_prefix="$artifacts/$f/" "$ROOT/tests/fuzz/seeds_$f" >/dev/null 2>&1 ||
      { echo "fuzz_$f: a seed regressed"; exit 1; }
    local log=$BUILD/fuzz/fuzz_$f.log rc=0
    "$BUILD/fuzz/fuzz_$f" -max_total_time="$seconds" -artifact_prefix="$artifacts/$f/" "$BUILD/fuzz/corpus_$f" \
      "$ROOT/tests/fuzz/seeds_$f" >"$log" 2>&1 || rc=$?
    grep -E "^Done|ERROR|SUMMARY|Slowest unit" "$log" || true
    local found
    found=$(find "$artifacts/$f" -type f | sort)
    if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
      echo "fuzz_$f: exit code $rc; findings in $artifacts/$f/: ${found:-none} (log: $log)"
      exit 1
    fi
  done
}

case "${1:-}" in
  setup) setup ;;
  build) build ;;
  serve) shift; serve "$@" ;;
  test) run_tests ;;
  # The benchmark, then the fuzzers for longer than the test command runs them (BENCH_FUZZ_SECONDS each).
  bench) build; node "$ROOT/tests/bench/bench.mjs" "$BUILD"; fuzz "${BENCH_FUZZ_SECONDS:-60}" ;;
  fuzz) shift; setup; fuzz "$@" ;;
  *) sed -n '2,6p' "$0"; exit 2 ;;
esac
