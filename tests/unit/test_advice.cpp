// Issue 27, "the answer contradicts the article without a sentence": where the answer departs from the
// article's advice it says why and offers the switch (engine/advice.cpp); AMD runs ROCm at its
// measured efficiencies in every task, filtered by vendor=; consumer cards over many servers are not
// practical; offload answers one card; other work ranks by the figures it shows.
#include <algorithm>
#include <string>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"
#include "helpers.hpp"
#include "report/report.hpp"

using namespace gpusizer;
using test::param;
using test::run;

namespace {

const Advice* advice_of(const Result& r, const char* code) {
    for (const Advice& a : r.advice)
        if (a.why.code == code) return &a;
    return nullptr;
}

const Option& recommended(const Result& r) {
    REQUIRE(r.recommended >= 0);
    return r.options[size_t(r.recommended)];
}

bool is_amd(const Option& o) { return test::gpu(o.gpu_id.c_str()).vendor == "AMD"; }

}  // namespace

TEST_CASE("guide: the chat-bot's 8-24 GB assumes 4-bit weights and a few users; the switch applies it") {
    const Result r = run("v=1");  // Qwen3-8B, BF16, 10 users: 30 GB, one 48 GB card
    const Advice* a = advice_of(r, code::guide_memory);
    REQUIRE(a != nullptr);
    CHECK(a->topic == AdviceTopic::guide);
    CHECK(param(a->why, "hi") == 24);
    CHECK(param(a->why, "need") == doctest::Approx(r.memory_total_gb.mid));
    CHECK(param(a->why, "need") > 24);
    CHECK(test::param_text(a->why, "gpu") == recommended(r).gpu_name);
    CHECK(text::render(a->why, text::Lang::en).find("4-bit weights and a few users") != std::string::npos);
    REQUIRE(a->apply);
    CHECK(a->action.code == std::string(code::switch_guide_format));
    CHECK(a->apply->wq == WeightFormat::int4);
    CHECK(a->apply->users == 10);  // ten users fit 24 GB at 4 bits: the users stay
    CHECK(encode_link(*a->apply) == "v=1&wq=int4");
    // Applied, the job is inside the band and nothing is said about memory.
    const Result g = evaluate(*a->apply, test::bundled());
    CHECK(g.memory_total_gb.mid <= 24 * 0.9);
    CHECK(advice_of(g, code::guide_memory) == nullptr);
    // With 50 users the switch keeps the most users that fit a 24 GB card less the reserve, no more.
    const Result many = run("v=1&users=50");
    const Advice* m = advice_of(many, code::guide_memory);
    REQUIRE(m != nullptr);
    REQUIRE(m->apply);
    const double users = m->apply->users;
    CHECK(users < 50);
    CHECK(param(m->action, "users") == users);
    State more = *m->apply;
    CHECK(inference_memory_at_context(many.model, more, WeightFormat::int4, more.ctx).gb() <= 24 * 0.9);
    more.users = users + 1;
    CHECK(inference_memory_at_context(many.model, more, WeightFormat::int4, more.ctx).gb() > 24 * 0.9);
}

TEST_CASE("guide: a model bigger than the band says so, with no switch; a GPU the guide does not name, with its pick") {
    const Result big = run("v=1&model=meta-llama/Llama-3.1-70B-Instruct");
    const Advice* a = advice_of(big, code::guide_memory);
    REQUIRE(a != nullptr);
    CHECK(param(a->why, "fits") == 0);
    CHECK(param(a->why, "min_gb") > 24);
    CHECK_FALSE(a->apply);
    CHECK(text::render(a->why, text::Lang::ru).find("Даже с 4-битными весами") != std::string::npos);
    // At 4 bits the answer is a 24 GB card the article does not name: it says which it would take.
    const Result r = run("v=1&wq=int4");
    const Advice* g = advice_of(r, code::guide_gpus);
    REQUIRE(g != nullptr);
    const TaskPreset* p = guide_preset(test::bundled(), r.state);
    REQUIRE(p != nullptr);
    CHECK(std::find(p->gpus.begin(), p->gpus.end(), recommended(r).gpu_id) == p->gpus.end());
    CHECK(g->why.find("key")->text == std::string(code::term_rank_cost_hour));
    REQUIRE(g->apply);
    CHECK(std::find(p->gpus.begin(), p->gpus.end(), g->apply->gpu) != p->gpus.end());
    const Result picked = evaluate(*g->apply, test::bundled());
    CHECK(recommended(picked).gpu_id == g->apply->gpu);
    CHECK(recommended(picked).count == param(g->action, "count"));
    CHECK(picked.advice.empty());  // the guide's memory, the guide's GPU: nothing departs
    // A GPU the buyer pinned is their choice: nothing to say about the article's list.
    CHECK(advice_of(run("v=1&wq=int4&gpu=rtx-a5000"), code::guide_gpus) == nullptr);
}

TEST_CASE("guide: an AMD answer says the article names NVIDIA only, and the switch filters by vendor") {
    const Result r = run("v=1&task=train");
    REQUIRE(is_amd(recommended(r)));
    const Advice* a = advice_of(r, code::guide_vendor);
    REQUIRE(a != nullptr);
    CHECK(test::param_text(a->why, "vendor") == "AMD");
    CHECK(param(a->why, "alt_count") > 0);
    REQUIRE(a->apply);
    CHECK(a->apply->vendor == VendorFilter::nvidia);
    CHECK(encode_link(*a->apply) == "v=1&task=train&vendor=nvidia");
    const Result n = evaluate(*a->apply, test::bundled());
    for (const Option& o : n.options) CHECK_FALSE(is_amd(o));
    CHECK(recommended(n).gpu_name == test::param_text(a->why, "alt_gpu"));
    CHECK(advice_of(n, code::guide_vendor) == nullptr);
}

TEST_CASE("vendor filter: link key, candidates, a pinned GPU kept, a catalog without the vendor") {
    const DecodedLink d = decode_link("v=1&vendor=amd");
    CHECK(d.warnings.empty());
    CHECK(d.state.vendor == VendorFilter::amd);
    CHECK(encode_link(d.state) == "v=1&vendor=amd");
    CHECK(encode_link(decode_link("v=1&vendor=any").state) == "v=1");  // the default is omitted
    const DecodedLink bad = decode_link("v=1&vendor=intel");
    REQUIRE(bad.warnings.size() == 1);
    CHECK(bad.warnings[0].code == std::string(code::link_bad_value));
    CHECK(bad.state.vendor == VendorFilter::any);
    const Result amd = run("v=1&vendor=amd");
    REQUIRE_FALSE(amd.options.empty());
    for (const Option& o : amd.options) CHECK(is_amd(o));
    const Result nvidia = run("v=1&vendor=nvidia&task=tune");
    for (const Option& o : nvidia.options) CHECK_FALSE(is_amd(o));
    const Result pinned = run("v=1&vendor=nvidia&gpu=mi300x");  // the buyer named it
    REQUIRE(pinned.options.size() >= 1);
    CHECK(pinned.options[0].gpu_id == "mi300x");
    Catalog no_amd = test::bundled();
    no_amd.gpus.erase(std::remove_if(no_amd.gpus.begin(), no_amd.gpus.end(),
                                     [](const GpuSpec& g) { return g.vendor == "AMD"; }),
                      no_amd.gpus.end());
    const Result none = evaluate(decode_link("v=1&vendor=amd").state, no_amd);
    CHECK(none.options.empty());
    REQUIRE_FALSE(none.warnings.empty());
    CHECK(none.warnings.back().code == std::string(code::gpu_vendor_none));
}

TEST_CASE("ROCm: training and fine-tuning on AMD scale the MFU by ROCm's GEMM share, said in the assumptions") {
    for (const char* link : {"v=1&task=train&gpu=mi300x&n=64", "v=1&task=tune&gpu=mi300x&method=full&n=8",
                             "v=1&task=tune&gpu=mi300x"}) {
        const Result r = run(link);
        const Option& o = recommended(r);
        const Assumptions a = Assumptions::typical();
        // A pre-training run's hours include the goodput (0.70; fine-tuning 1).
        const double goodput = effective_goodput(r.state);
        const double flops = peak_flops(test::gpu("mi300x"), ComputeKind::bf16) * r.mfu * a.rocm_gemm_share * goodput;
        CHECK(o.gpu_hours.mid == doctest::Approx(r.flops / flops / 3600).epsilon(1e-9));
        // The range carries the band of the share too.
        const double lo = peak_flops(test::gpu("mi300x"), ComputeKind::bf16) * r.mfu *
                          Assumptions::optimistic().rocm_gemm_share * Assumptions::optimistic().mfu_scale * goodput;
        CHECK(o.gpu_hours.low == doctest::Approx(r.flops / lo / 3600).epsilon(1e-9));
        bool said = false;
        for (const Message& m : r.assumptions)
            if (m.code == code::assume_rocm)
                said = param(m, "train") == 1 && param(m, "gemm") == a.rocm_gemm_share * 100;
        CHECK(said);
    }
    // NVIDIA is unchanged: peak × MFU.
    const Result h = run("v=1&task=train&gpu=h100-sxm&n=64");
    const double flops = peak_flops(test::gpu("h100-sxm"), ComputeKind::bf16) * h.mfu * 0.70;
    CHECK(recommended(h).gpu_hours.mid == doctest::Approx(h.flops / flops / 3600).epsilon(1e-9));
    for (const Message& m : h.assumptions) CHECK(m.code != std::string(code::assume_rocm));
}

TEST_CASE("ROCm: every AMD option carries the software-stack note, in every task; NVIDIA ones do not") {
    for (const char* link : {"v=1", "v=1&task=tune", "v=1&task=train", "v=1&use=asr", "v=1&use=embed",
                             "v=1&use=copilot", "v=1&task=other&use=hpc"}) {
        const Result r = run(link);
        int amd = 0;
        for (const Option& o : r.options) {
            const bool noted = std::any_of(o.warnings.begin(), o.warnings.end(),
                                           [](const Message& w) { return w.code == code::gpu_rocm; });
            CHECK_MESSAGE(noted == is_amd(o), link << " " << o.gpu_id);
            if (is_amd(o)) {
                ++amd;
                for (const Message& w : o.warnings)
                    if (w.code == code::gpu_rocm) CHECK(param(w, "applied") == (r.state.task == Task::other ? 0 : 1));
            }
        }
        CHECK_MESSAGE(amd > 0, link);
    }
    // Services apply the shares too: embedding queries on MI300X run at ROCm's GEMM share.
    const Result e = run("v=1&use=embed&gpu=mi300x");
    const Result h = run("v=1&use=embed&gpu=h100-sxm");
    const double peak_ratio = peak_flops(test::gpu("mi300x"), ComputeKind::bf16) /
                              peak_flops(test::gpu("h100-sxm"), ComputeKind::bf16);
    CHECK(recommended(e).index_hours.mid * peak_ratio * Assumptions::typical().rocm_gemm_share ==
          doctest::Approx(recommended(h).index_hours.mid * double(recommended(h).count) / recommended(e).count)
              .epsilon(1e-6));
}

TEST_CASE("practical: consumer cards over more than two servers are not practical (48 × RTX 4090, 6 servers)") {
    const Result r = run("v=1&users=400&gpu=rtx-4090");
    bool seen = false;
    for (const Option& o : r.options) {
        if (!o.fits) continue;
        const bool flagged = !o.warnings.empty() && o.warnings.front().code == code::practical_consumer_cards;
        CHECK(flagged == (o.servers > 2));
        if (flagged) {
            seen = true;
            CHECK(param(o.warnings.front(), "servers") == o.servers);
            CHECK(param(o.warnings.front(), "max") == 2);
        }
    }
    CHECK(seen);
    // Unpinned, the 6-server layouts of RTX 4090 rank after every practical fit and are never the answer.
    const Result all = run("v=1&users=400");
    CHECK(recommended(all).servers <= 2);
    for (const Option& o : all.options)
        if (o.fits && o.gpu_id == "rtx-4090" && o.servers > 2) CHECK_FALSE(o.practical);
}

TEST_CASE("offload: one card is the answer when offload is on; when it misses the load, why and the switch") {
    const Result r = run("v=1&gpu=rtx-3070&offload=1");  // Qwen3-8B BF16, 10 users at 20 tokens/s
    for (const Option& o : r.options) CHECK(o.count == 1);
    CHECK(r.recommended < 0);  // one RTX 3070 cannot: said, not replaced by four of them
    const Advice* a = advice_of(r, code::offload_relax);
    REQUIRE(a != nullptr);
    CHECK(a->topic == AdviceTopic::offload);
    REQUIRE(a->apply);
    CHECK(a->apply->users == 1);
    CHECK(a->apply->tps < 20);
    const Result fit = evaluate(*a->apply, test::bundled());
    const Option& o = recommended(fit);
    CHECK(o.count == 1);
    CHECK(o.offload.has_value());
    CHECK(o.decode_tps_per_user.mid >= a->apply->tps);
    CHECK(fit.advice.empty());
    // Not enough host RAM: the switch sizes the RAM it needs.
    const Result ram = run("v=1&model=Qwen/Qwen3-30B-A3B&gpu=rtx-3070&offload=1&users=1&tps=5&ttft=10&ram=16");
    const Advice* m = nullptr;
    for (const Advice& x : ram.advice)
        if (x.topic == AdviceTopic::offload) m = &x;
    REQUIRE(m != nullptr);
    CHECK(m->why.code == std::string(code::reason_offload_ram));
    REQUIRE(m->apply);
    CHECK(m->apply->ram > 16);
    const Result more = evaluate(*m->apply, test::bundled());
    REQUIRE(more.recommended >= 0);
    CHECK(recommended(more).offload.has_value());
    // Unpinned, offload compares single cards only.
    for (const Option& x : run("v=1&offload=1").options) CHECK(x.count == 1);
}

TEST_CASE("other work: ranked by the cost per hour the table shows; transcoding claims no memory") {
    for (const char* link : {"v=1&task=other&use=render", "v=1&task=other&use=image", "v=1&task=other&use=hpc",
                             "v=1&task=other&use=transcode&streams=100"}) {
        const Result r = run(link);
        const Option* prev = nullptr;
        for (const Option& o : r.options) {
            if (!o.fits || !o.practical || !o.cost_per_hour) break;
            if (prev) CHECK_MESSAGE(*prev->cost_per_hour <= *o.cost_per_hour + 1e-9, link << " " << o.gpu_id);
            prev = &o;
        }
        CHECK(prev != nullptr);
        const Result fast = run(std::string(link) + "&sort=speed");
        for (size_t i = 1; i < fast.options.size(); ++i) {
            const Option &a = fast.options[i - 1], &b = fast.options[i];
            if (a.fits && b.fits && a.practical == b.practical) CHECK(a.score >= b.score);
        }
    }
    for (const Option& o : run("v=1&task=other&use=transcode").options) {
        CHECK(o.per_gpu_gb.mid == 0);
        CHECK(o.per_gpu.total().value == 0);
    }
}

TEST_CASE("advice reaches the exports and the JSON, with the link its switch sets") {
    const Result r = run("v=1");
    const std::string json = result_json(r, {}, 2, text::Lang::en);
    CHECK(json.find("\"advice\"") != std::string::npos);
    CHECK(json.find("\"link\": \"v=1&wq=int4\"") != std::string::npos);
    CHECK(json.find("\"code\": \"switch.guide_format\"") != std::string::npos);
    CHECK(result_markdown(r, text::Lang::en).find("**Why this answer**") != std::string::npos);
    CHECK(result_csv(r, text::Lang::ru).find("Почему такой ответ") != std::string::npos);
    CHECK(result_table(r, {}, text::Lang::en).find("(#v=1&wq=int4)") != std::string::npos);
    // With the page's address the switch is a link to open, as the export's own link is.
    CHECK(result_table(r, {}, text::Lang::en, "https://calc.example/").find("(https://calc.example/#v=1&wq=int4)") !=
          std::string::npos);
    CHECK(result_csv(r, text::Lang::ru, "https://calc.example/").find("(https://calc.example/?lang=ru#v=1&wq=int4") !=
          std::string::npos);
}
