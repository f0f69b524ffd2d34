// The packed catalog the browser reads (catalog_binary.hpp): it must carry exactly what the JSON
// loader produced, and reject every damaged file with a message.
#include <cstdint>

#include "catalog/catalog_binary.hpp"
#include "helpers.hpp"
#include "link/link.hpp"
#include "report/report.hpp"

using namespace gpusizer;

namespace {

void put_u32(std::string& s, std::uint32_t x) {
    for (int i = 0; i < 4; ++i) s.push_back(char((x >> (8 * i)) & 0xff));
}
std::string seal(const std::string& body, unsigned version = kPackedCatalogVersion) { return seal_packed_body(body, version); }
constexpr std::size_t kHeader = 20;

}  // namespace

TEST_CASE("the page's copy drops only the GPU and server texts the page never shows") {
    const Catalog full = test::bundled();
    const Catalog page = page_catalog(full);
    CHECK(pack_catalog(page).size() < pack_catalog(full).size() * 3 / 4);
    const CatalogLoad back = unpack_catalog(pack_catalog(page), "catalog.bin");
    REQUIRE(back.ok);
    CHECK(same_catalog(back.catalog, page));
    for (const GpuSpec& g : back.catalog.gpus) CHECK((g.notes.empty() && g.source.empty()));
    const GpuSpec* h100 = back.catalog.find_gpu("h100-sxm");
    REQUIRE(h100 != nullptr);
    CHECK(h100->price_unknown_reason == test::gpu("h100-sxm").price_unknown_reason);
    CHECK(h100->price.has_value() == test::gpu("h100-sxm").price.has_value());
    // Every answer is the same: the dropped texts are no input of the engine.
    const State s = decode_link("v=1&model=Qwen/Qwen3-8B&users=50").state;
    CHECK(result_json(evaluate(s, page), {}) == result_json(evaluate(s, full), {}));
    // Models keep their notes and sources (the model list shows them).
    REQUIRE(!back.catalog.models.empty());
    CHECK(back.catalog.models[0].source == full.models[0].source);
}

TEST_CASE("packing the bundled catalog reads back field for field") {
    const std::string bytes = pack_catalog(test::bundled());
    CHECK(bytes.size() < 240000);  // everything, notes in both languages (catalog.bin leaves notes out)
    const CatalogLoad back = unpack_catalog(bytes, "catalog.bin");
    for (const auto& e : back.errors) MESSAGE(e.to_string());
    REQUIRE(back.ok);
    CHECK(same_catalog(back.catalog, test::bundled()));
    REQUIRE(back.catalog.gpus.size() == test::bundled().gpus.size());
    REQUIRE(back.catalog.models.size() == test::bundled().models.size());

    // Spot checks of every kind of field against the JSON-loaded catalog (strings, optionals,
    // enumerations, nested optionals, lists).
    const GpuSpec* h100 = back.catalog.find_gpu("h100-sxm");
    REQUIRE(h100 != nullptr);
    CHECK(h100->name == test::gpu("h100-sxm").name);
    CHECK(h100->memory_gib == 80);
    CHECK(h100->memory_bandwidth_gbs == 3350);
    CHECK(*h100->tflops.fp8 == *test::gpu("h100-sxm").tflops.fp8);
    CHECK(h100->server_sizes == test::gpu("h100-sxm").server_sizes);
    CHECK(h100->source == test::gpu("h100-sxm").source);
    const GpuSpec* h800 = back.catalog.find_gpu("h800");  // no price: the reason travels instead
    REQUIRE(h800 != nullptr);
    CHECK_FALSE(h800->price_unknown_reason.empty());
    CHECK(h800->price_unknown_reason == test::gpu("h800").price_unknown_reason);
    const ModelSpec* v3 = back.catalog.find_model("deepseek-ai/DeepSeek-V3");
    REQUIRE(v3 != nullptr);
    REQUIRE(v3->mla.has_value());
    CHECK(v3->mla->kv_lora_rank == 512);  // config.json: "kv_lora_rank": 512
    REQUIRE(v3->moe.has_value());
    CHECK(v3->moe->experts == 256);       // config.json: "n_routed_experts": 256
    CHECK(v3->attention == AttentionKind::mla);
    CHECK(v3->native_format == test::model("deepseek-ai/DeepSeek-V3").native_format);
    CHECK(back.catalog.aliases == test::bundled().aliases);
    REQUIRE(back.catalog.variants.size() == test::bundled().variants.size());
    for (std::size_t i = 0; i < back.catalog.variants.size(); ++i) {
        CHECK(back.catalog.variants[i].id == test::bundled().variants[i].id);
        CHECK(back.catalog.variants[i].model == test::bundled().variants[i].model);
    }
    CHECK(back.catalog.presets.size() == test::bundled().presets.size());
}

TEST_CASE("the engine gives the same answers from the packed and the JSON catalog") {
    const Catalog packed = unpack_catalog(pack_catalog(test::bundled()), "catalog.bin").catalog;
    for (const auto& m : test::bundled().models) {
        for (const char* task : {"v=1&users=20&ctx=16384&model=", "v=1&task=tune&method=lora&model=", "v=1&task=train&tokens=1T&days=30&model="}) {
            const State s = decode_link(std::string(task) + percent_encode_value(m.id)).state;
            CHECK_MESSAGE(result_json(evaluate(s, packed), {}) == result_json(evaluate(s, test::bundled()), {}), task, m.id);
        }
    }
}

#if defined(__x86_64__) && defined(__GLIBCXX__)
// Tripwire: a field added to a catalog type must also be added to the field lists in
// catalog_binary.cpp (and kPackedCatalogVersion bumped); then update these sizes (x86_64 libstdc++).
static_assert(sizeof(GpuSpec) == 776 && sizeof(ModelSpec) == 656 && sizeof(ServerSpec) == 168 &&
                  sizeof(TaskPreset) == 256 && sizeof(Catalog) == 216 && sizeof(ModelVariant) == 104 && sizeof(DenseTflops) == 144 &&
                  sizeof(Price) == 160 && sizeof(MlaSpec) == 20 && sizeof(LinearAttentionSpec) == 28 && sizeof(MoeSpec) == 24 && sizeof(CompressedAttentionSpec) == 28 &&
                  sizeof(SpeechSpec) == 72 && sizeof(EmbeddingSpec) == 8,
              "a catalog type changed: update the field lists in src/catalog/catalog_binary.cpp");
#endif

TEST_CASE("damaged packed catalogs are rejected with a message, never half-read") {
    const std::string good = pack_catalog(test::bundled());
    const std::string body = good.substr(kHeader);

    SUBCASE("not packed at all") {
        const CatalogLoad c = unpack_catalog("{\"schema\":1}", "x.bin");
        CHECK_FALSE(c.ok);
        REQUIRE(c.errors.size() == 1);
        CHECK(c.errors[0].to_string() == "x.bin: not a packed catalog (no GSCB header)");
        CHECK(c.catalog.gpus.empty());
    }
    SUBCASE("header cut short") {
        for (std::size_t n = 4; n < kHeader; ++n) CHECK_FALSE(unpack_catalog(good.substr(0, n), "x.bin").ok);
    }
    SUBCASE("another format version") {
        const CatalogLoad c = unpack_catalog(seal(body, kPackedCatalogVersion + 1), "x.bin");
        CHECK_FALSE(c.ok);
        CHECK(c.errors[0].message.find("stale cached file") != std::string::npos);
    }
    SUBCASE("a flipped byte fails the checksum") {
        std::string bad = good;
        bad[bad.size() / 2] ^= 0x20;
        const CatalogLoad c = unpack_catalog(bad, "x.bin");
        CHECK_FALSE(c.ok);
        CHECK(c.errors[0].message == "packed catalog is corrupt (checksum mismatch)");
    }
    SUBCASE("a file cut short fails the size check") {
        CHECK(unpack_catalog(good.substr(0, good.size() - 1), "x.bin").errors[0].message.find("its header says") != std::string::npos);
    }
    SUBCASE("behind a valid header, every truncated body is caught by the reader's bounds checks") {
        for (std::size_t n = 0; n < body.size(); n += (n < 512 ? 1 : 509)) {
            const CatalogLoad c = unpack_catalog(seal(body.substr(0, n)), "x.bin");
            CHECK_MESSAGE(!c.ok, n);
            CHECK(c.catalog.gpus.empty());
        }
    }
    SUBCASE("an impossible list length allocates nothing and is reported") {
        std::string b;
        put_u32(b, 1);            // schema
        put_u32(b, 0);            // version ""
        put_u32(b, 0);            // currency ""
        put_u32(b, 0xffffffffu);  // gpus: four billion entries
        const CatalogLoad c = unpack_catalog(seal(b), "x.bin");
        CHECK_FALSE(c.ok);
        CHECK(c.errors[0].message == "packed catalog unreadable: impossible count at byte 12");
    }
    SUBCASE("figures the JSON loader would never accept are refused, even behind a valid checksum") {
        // Found by fuzz_catalog: a server size of 2^30 made the TP loop overflow.
        Catalog c = test::bundled();
        c.gpus[0].server_sizes = {1 << 30};
        CHECK(unpack_catalog(pack_catalog(c), "x.bin").errors[0].message.find("whole number 1073741824") != std::string::npos);
        c.gpus[0].server_sizes = {2048};
        CHECK(unpack_catalog(pack_catalog(c), "x.bin").errors[0].message.find("server size outside 1-1024") != std::string::npos);
        c = test::bundled();
        c.gpus[0].memory_bandwidth_gbs = -1;
        CHECK(unpack_catalog(pack_catalog(c), "x.bin").errors[0].message == "packed catalog holds impossible figures: number outside 0-1e7");
        c = test::bundled();
        c.models[0].layers = -5;
        CHECK(unpack_catalog(pack_catalog(c), "x.bin").errors[0].message.find("whole number -5") != std::string::npos);
    }
    SUBCASE("trailing bytes are an error") {
        CHECK(unpack_catalog(seal(body + "x"), "x.bin").errors[0].message == "packed catalog unreadable: unread bytes after the catalog");
    }
}
