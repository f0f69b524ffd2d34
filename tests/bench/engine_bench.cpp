// Engine benchmark (not a test): time to evaluate every option of the full catalog for one state,
// native and (built with Emscripten) wasm under node. Prints one line per state.
#include <chrono>
#include <cstdio>
#include <string_view>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_json.hpp"
#include "link/link.hpp"

int main(int argc, char** argv) {
    using namespace gpusizer;
    // The catalog parse, first call (cold code: in wasm this is the baseline tier) and warm.
    auto t_parse = std::chrono::steady_clock::now();
    const CatalogLoad c = load_catalog(bundled_catalog_json(), "data/catalog.json");
    if (!c.ok) return 1;
    const double cold_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_parse).count();
    t_parse = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; ++i) (void)load_catalog(bundled_catalog_json(), "data/catalog.json");
    const double warm_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_parse).count() / 10;
    std::printf("catalog: parse %.2f ms first call, %.2f ms warm\n", cold_ms, warm_ms);
    // The page's first evaluation (its default state): cold code, as at start-up in the browser.
    {
        const State s = decode_link("v=1").state;
        const auto t0 = std::chrono::steady_clock::now();
        const size_t options = evaluate(s, c.catalog).options.size();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        std::printf("engine: default state, first call %.2f ms (%zu options)\n", ms, options);
    }
    if (argc > 1 && std::string_view(argv[1]) == "--cold") return 0;  // (to profile the cold call alone)
    const char* links[] = {
        "v=1&model=Qwen/Qwen3-8B&ctx=32768&users=50",
        "v=1&model=deepseek-ai/DeepSeek-V3&ctx=65536&users=200",
        "v=1&task=tune&method=qlora&model=meta-llama/Llama-3.1-70B-Instruct",
        "v=1&task=train&model=openai/gpt-oss-120b&tokens=30T&days=50",
        // a request rate at p99: the latency percentiles and a 12-point curve for every option
        "v=1&model=meta-llama/Llama-3.1-70B-Instruct&ctx=8192&in=1000&out=300&rps=50&pct=99",
        // issue 31's request shape: sessions with idle KV, reasoning, speculation and adapters
        "v=1&use=agent&spec=3&loras=8",
    };
    for (const char* link : links) {
        const State s = decode_link(link).state;
        size_t options = 0;
        const int warm = 20, runs = 200;
        for (int i = 0; i < warm; ++i) options = evaluate(s, c.catalog).options.size();
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < runs; ++i) options += evaluate(s, c.catalog).options.size() * 0;
        const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / runs;
        std::printf("engine: %-70s %3zu options  %8.1f us per evaluation\n", link, options, us);
    }
    return 0;
}
