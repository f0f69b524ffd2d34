// The text module: every code has both translations, placeholders fill with real numbers,
// Russian plurals and units, scale-aware durations and energy, Russian output free of English.
#include <nlohmann/json.hpp>

#include <cctype>
#include <set>
#include <sstream>

#include "helpers.hpp"
#include "report/report.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using text::Lang;

namespace {

// Words made of Latin letters in `s` (split at anything that is not a letter, digit or '_').
std::vector<std::string> latin_words(const std::string& s) {
    std::vector<std::string> out;
    std::string w;
    auto flush = [&] {
        bool latin = false;
        for (char c : w) latin = latin || std::isalpha(static_cast<unsigned char>(c));
        if (latin) out.push_back(w);
        w.clear();
    };
    for (unsigned char c : s) {
        if (c < 0x80 && (std::isalnum(c) || c == '_')) w += char(c);
        else flush();
    }
    flush();
    return out;
}

// Technical tokens a Russian text may keep, plus every word of the catalog's GPU and model names.
const std::set<std::string>& allowed_latin() {
    static const std::set<std::string> words = [] {
        std::set<std::string> w = {"GPU", "NVLink", "PCIe", "TP", "PP", "DP", "EP", "ZeRO", "LoRA", "QLoRA", "MFU", "KV", "K",
            "V", "FP8", "FP16", "FP32", "FP64", "BF16", "NF4", "INT4", "INT8", "MXFP4", "NVFP4", "AWQ", "GPTQ", "W8A8", "GGUF",
            "TFLOPS", "FLOPs", "vLLM", "NVENC", "AV1", "RT", "HPC", "ML", "MLA", "FFN", "CUDA", "FSDP", "DDP", "DeepSpeed",
            "Adam", "AdamW", "TTFT", "HBM", "OCR", "RAG", "MoE", "all", "reduce", "hidden", "lm_head", "rope", "dense", "data",
            "parallel", "NCCL", "PyTorch", "FP4", "llama", "cpp", "max_num_batched_tokens", "max_num_seqs", "P4", "h264", "hevc", "av1", "1080p", "1080p30", "720p", "4k", "gpusizer", "USD", "3D", "lm", "head", "Q4_K_M",
            // product names and the link value a sentence tells the reader to set
            "Hugging", "Face", "Trainer", "PEFT", "Unsloth", "Liger", "torchtune", "Megatron", "LM", "trainer", "fused",
            "to", "goodput",
            // the frameworks and files the training commands' notes name
            "LLaMA", "Factory", "AutoTP", "GPT", "SwiGLU", "RMSNorm", "RoPE", "tools", "preprocess_data", "py",
            "dataset_info", "json",
            // AMD's software stack, the kernel class its efficiency is measured on, the benchmark and its cloud
            "ROCm", "GEMM", "STREAM", "Azure",
            // partial offload: the host's processor and memory, its PCIe link, llama.cpp's context flag (-c)
            "CPU", "DDR4", "DDR5", "x16", "c"};
        for (const auto& g : test::bundled().gpus)  // a published run names a GPU by its id when no option has it
            for (const auto& x : latin_words(g.name + " " + g.id)) w.insert(x);
        for (const auto& m : test::bundled().models)
            for (const auto& x : latin_words(m.name + " " + m.id)) w.insert(x);
        return w;
    }();
    return words;
}

// A command's words a note quotes: <placeholders> and --flags, removed before the scan.
std::string without_command_words(std::string s) {
    for (size_t at = 0; at < s.size(); ++at) {
        const bool placeholder = s[at] == '<', flag = s.compare(at, 2, "--") == 0;
        if (!placeholder && !flag) continue;
        size_t end = at + (flag ? 2 : 1);
        auto word = [&](char ch) { return std::islower(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'; };
        while (end < s.size() && word(s[end])) ++end;
        if (placeholder && (end == s.size() || s[end] != '>')) continue;
        s.erase(at, end - at + (placeholder ? 1 : 0));
    }
    return s;
}

void check_russian(const std::string& s, const std::string& where) {
    for (const auto& w : latin_words(without_command_words(s))) {
        INFO(where << ": " << s);
        CHECK_MESSAGE(allowed_latin().count(w), "English word '" << w << "' in Russian text");
    }
    INFO(where << ": " << s);
    CHECK(s.find("{") == std::string::npos);  // every placeholder was filled
}

// The text without its web addresses (a published run's source is a link, in any language).
std::string without_urls(std::string s) {
    for (size_t at = s.find("http"); at != std::string::npos; at = s.find("http", at)) {
        size_t end = at;
        while (end < s.size() && s[end] != ' ' && s[end] != ')') ++end;
        s.erase(at, end - at);
    }
    return s;
}

// Every text a result shows, in one language (shell text of commands excluded: it is a command).
std::vector<std::string> texts_of(const Result& r, Lang lang) {
    std::vector<std::string> t;
    for (const auto& w : r.warnings) t.push_back(text::render(w, lang));
    for (const auto& a : r.assumptions) t.push_back(text::render(a, lang));
    for (const auto& e : r.explanations) t.push_back(text::render(e.formula, lang));
    for (const auto& o : r.options) {
        t.push_back(text::render(o.reason, lang));
        for (const auto& e : o.explanations) t.push_back(text::render(e.formula, lang));
        t.push_back(text::render(o.score_label, lang));
        for (const auto& w : o.warnings) t.push_back(text::render(w, lang));
        for (const auto& l : o.command) t.push_back(text::render(l.note, lang));
    }
    for (const auto& a : r.advice) {  // where the answer departs from the article, and its switch
        t.push_back(text::render(a.why, lang));
        t.push_back(text::render(a.action, lang));
    }
    const Summary s = summarize(r, lang);
    t.push_back(s.sentence);
    for (const auto& c : s.columns) t.push_back(c);
    for (const auto& row : s.rows)
        for (const auto& c : row) t.push_back(c);
    std::istringstream md(result_markdown(r, lang));
    for (std::string line; std::getline(md, line);)
        if (line.find("#v=") == std::string::npos) t.push_back(without_urls(line));  // the link is a link
    return t;
}

const char* kSamples[] = {
    "v=1",                                       // the guide's memory band, and its switch
    "v=1&wq=int4",                               // a GPU the guide does not name
    "v=1&model=meta-llama/Llama-3.1-70B-Instruct",  // bigger than the band; AMD first
    "v=1&gpu=rtx-3070&offload=1",                // offload on one card misses the load
    "v=1&model=Qwen/Qwen3-235B-A22B&gpu=rtx-3070&offload=1&ram=32",  // not enough host RAM
    "v=1&model=Qwen/Qwen3-8B&ctx=32768&users=50",
    "v=1&model=deepseek-ai/DeepSeek-V3&users=5000&wq=int4&growth=50",
    "v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=1000&gpu=l4&n=2",
    "v=1&model=Qwen/Qwen3-8B&ctx=1048576&tps=500&ttft=0.1",
    "v=1&task=tune&model=Qwen/Qwen3-8B&method=qlora&tokens=10M",
    "v=1&task=tune&model=meta-llama/Llama-3.1-70B-Instruct&method=full&tokens=1B&days=2",
    "v=1&task=train&model=openai/gpt-oss-120b&tokens=2T&days=50",
    "v=1&task=train&model=Qwen/Qwen3-8B&gpu=l40s&tokens=100B",
    "v=1&task=other&use=render&vram=20",
    "v=1&task=other&use=transcode&streams=100&codec=av1",
    "v=1&task=other&use=image&vram=60",
    "v=1&task=other&use=hpc&vram=40",
};

}  // namespace

TEST_CASE("every code of the registry has an English and a Russian template, and nothing else does") {
    std::set<std::string> registry;
    for (const char* c : kMessageCodes) {
        registry.insert(c);
        CHECK_MESSAGE(text::message_template(c, Lang::en) != nullptr, "no English text for ", c);
        CHECK_MESSAGE(text::message_template(c, Lang::ru) != nullptr, "no Russian text for ", c);
    }
    for (Lang l : {Lang::en, Lang::ru})
        for (const auto& entry : text::message_table(l)) CHECK_MESSAGE(registry.count(entry.first), "unregistered code ", entry.first);
}

TEST_CASE("every code the engine emits on the samples is registered, rendered and fully substituted") {
    std::set<std::string> registry(std::begin(kMessageCodes), std::end(kMessageCodes));
    for (const char* link : kSamples) {
        const DecodedLink d = decode_link(link);
        const Result r = evaluate(d.state, test::bundled());
        std::vector<const Message*> all;
        for (const auto& w : r.warnings) all.push_back(&w);
        for (const auto& a : r.assumptions) all.push_back(&a);
        for (const auto& e : r.explanations) all.push_back(&e.formula);
        for (const auto& o : r.options) {
            for (const Message* m : {&o.reason, &o.score_label}) all.push_back(m);
            for (const auto& w : o.warnings) all.push_back(&w);
            for (const auto& l : o.command) all.push_back(&l.note);
        }
        for (const Message* m : all) {
            if (m->empty()) continue;
            INFO(link << " " << m->code);
            CHECK(registry.count(m->code));
            for (Lang l : {Lang::en, Lang::ru}) CHECK(text::render(*m, l).find("{") == std::string::npos);
        }
    }
}

TEST_CASE("placeholders take real numbers, per language") {
    const Message m = Message(code::reason_needs_memory).num("need", 141.24).num("have", 80);
    CHECK(text::render(m, Lang::en) == "needs 141.2 GB, has 80.0 GB usable");
    CHECK(text::render(m, Lang::ru) == "нужно 141,2 ГБ, доступно 80,0 ГБ");
    const Message d = Message(code::reason_deadline).num("days", 52.26).num("deadline", 50);
    CHECK(text::render(d, Lang::ru) == "займёт 52,3 дня, а срок — 50,0 дня");
    // Terms render from the table with the parent's parameters; optional sections follow their flag.
    const Message b = Message(code::link_bad_value).str("key", "n").str("value", "0").term("expect", code::expect_whole)
                          .num("min", 1).num("max", 100000);
    CHECK(text::render(b, Lang::en) == "ignored n='0': expected a whole number 1–100,000");
    CHECK(text::render(b, Lang::ru) == "пропущено n='0': ожидалось целое число 1–100\u00A0000");
    const Message e = Message(code::model_estimated).str("model", "X").str("fields", "");
    CHECK(text::render(e, Lang::en) == "catalog figures of X are estimated");
    CHECK(text::render(Message(code::model_estimated).str("model", "X").str("fields", "vocab"), Lang::en) ==
          "catalog figures of X are estimated (vocab)");
    // A parameter the template names but the message lacks is visible, never silently empty.
    CHECK(text::render(Message(code::reason_needs_memory).num("need", 1), Lang::en).find("{have?}") != std::string::npos);
}

TEST_CASE("Russian plurals: 1, 2, 5, 11, 21, 22, 25") {
    const std::pair<double, const char*> days[] = {{1, "1 день"}, {2, "2 дня"}, {5, "5 дней"}, {11, "11 дней"},
                                                   {21, "21 день"}, {22, "22 дня"}, {25, "25 дней"}, {111, "111 дней"}};
    for (const auto& [n, want] : days) {
        std::string w = want;
        w.replace(w.find(' '), 1, "\u00A0");
        CHECK(text::count_of(n, 0, "day", Lang::ru) == w);
    }
    CHECK(text::noun(1, "server", Lang::ru) == std::string("сервер"));
    CHECK(text::noun(3, "server", Lang::ru) == std::string("сервера"));
    CHECK(text::noun(12, "server", Lang::ru) == std::string("серверов"));
    CHECK(text::noun(21, "user", Lang::ru) == std::string("пользователь"));
    CHECK(text::noun(24, "hour", Lang::ru) == std::string("часа"));
    CHECK(text::noun(5, "GPU", Lang::ru) == std::string("GPU"));
    CHECK(text::noun(1.5, "day", Lang::ru) == std::string("дня"));  // fractions take the genitive singular
    CHECK(text::noun(1, "server", Lang::en) == std::string("server"));
    CHECK(text::noun(21, "server", Lang::en) == std::string("servers"));
    // Inside templates too.
    CHECK(text::render(Message(code::cmd_replicas).num("replicas", 22), Lang::ru) == "× 22 реплики за балансировщиком нагрузки");
    CHECK(text::render(Message(code::cmd_replicas).num("replicas", 25), Lang::ru) == "× 25 реплик за балансировщиком нагрузки");
}

TEST_CASE("durations and energy read in their own scale, with boundaries") {
    const std::string nb = "\u00A0";
    CHECK(text::duration_hours(0.25, Lang::en) == "15" + nb + "min");
    CHECK(text::duration_hours(0.999, Lang::ru) == "60" + nb + "мин");
    CHECK(text::duration_hours(1.0, Lang::en) == "1.0" + nb + "h");
    CHECK(text::duration_hours(47.0, Lang::ru) == "47" + nb + "ч");
    CHECK(text::duration_hours(48.0, Lang::en) == "2.0" + nb + "days");
    CHECK(text::duration_hours(24.0 * 21, Lang::ru) == "21" + nb + "день");
    CHECK(text::duration_hours(0, Lang::en) == "—");
    CHECK(text::energy_mwh(0.0004, Lang::en) == "0.4" + nb + "kWh");
    CHECK(text::energy_mwh(0.999, Lang::ru) == "999" + nb + "кВт·ч");
    CHECK(text::energy_mwh(1.0, Lang::en) == "1.00" + nb + "MWh");
    CHECK(text::energy_mwh(2100, Lang::ru) == "2100" + nb + "МВт·ч");
    CHECK(text::money(1.234, "USD", Lang::en) == "$1.23");
    CHECK(text::money_per_hour(1.234, "USD", Lang::ru) == "1,23" + nb + "$/ч");
    CHECK(text::money(123456, "RUB", Lang::ru) == "123" + nb + "456" + nb + "₽");
    CHECK(text::money(5, "CNY", Lang::en) == "5.00" + nb + "CNY");
}

TEST_CASE("Russian rendering of every task has no English words beyond technical tokens") {
    for (const char* link : kSamples) {
        const Result r = test::run(link);
        REQUIRE_MESSAGE(!r.options.empty(), link);
        for (const auto& t : texts_of(r, Lang::ru)) check_russian(t, link);
    }
}

TEST_CASE("exports carry their context and a dash for figures that do not apply") {
    const Result r = test::run("v=1&task=other&use=hpc&vram=40");
    const std::string md = result_markdown(r, Lang::ru);
    for (const char* part : {"# gpusizer", "Задача", "Модель**: —", "Входные данные", "#v=1&task=other&use=hpc&vram=40",
                             "Рекомендуемая конфигурация**: ", "Валюта**: USD"})
        CHECK_MESSAGE(md.find(part) != std::string::npos, part);
    const std::string csv = result_csv(test::run("v=1&model=Qwen/Qwen3-8B&ctx=32768&users=50"), Lang::en);
    CHECK(csv.find("\"Task\",\"Inference · Chat-bot\"") != std::string::npos);
    CHECK(csv.find("\"—\"") != std::string::npos);  // e.g. options without speed, the pinned GPU count
    const auto j = nlohmann::json::parse(page_json(r, {}, Lang::ru), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    CHECK(j["summary"]["lang"] == "ru");
    CHECK(j["summary"]["rows"].size() == test::bundled().gpus.size());
    CHECK(j["summary"]["rows"][0].size() == j["summary"]["columns"].size());
    CHECK(j["options"][0]["reason"].is_null());
    const auto& bad = j["options"][j["options"].size() - 1];
    CHECK(bad["reason_code"].is_string());
    CHECK(bad["reason"].get<std::string>() == text::render(r.options.back().reason, Lang::ru));
}
