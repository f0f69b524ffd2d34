// The exports (issue 27): a link someone can open, one "recommended" label, the parallel layout of
// every option, distinct column names in Russian, and download names that say what they hold.
#include <algorithm>
#include <sstream>

#include "helpers.hpp"
#include "catalog/hf_config.hpp"
#include "report/report.hpp"

using namespace gpusizer;
using text::Lang;

namespace {
bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The Markdown table's header line (the first line starting "| GPU").
std::string md_header(const std::string& md) {
    std::istringstream in(md);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("| GPU", 0) == 0) return line;
    return {};
}
}  // namespace

TEST_CASE("the exports' link is a whole URL with the page's address, a fragment said to be one without") {
    const Result r = test::run("v=1&model=Qwen/Qwen3-8B&users=50");
    const std::string base = "https://calc.example/gpus/";
    CHECK(has(result_markdown(r, Lang::en, base), "**Link**: <https://calc.example/gpus/#v=1&users=50>"));
    CHECK(has(result_csv(r, Lang::en, base), "\"Link\",\"https://calc.example/gpus/#v=1&users=50\""));
    CHECK(has(result_table(r, {}, Lang::en, base), "Link: https://calc.example/gpus/#v=1&users=50\n"));
    // Russian keeps its language in the address (the fragment has no lang key).
    CHECK(has(result_markdown(r, Lang::ru, base), "<https://calc.example/gpus/?lang=ru#v=1&users=50>"));
    CHECK(page_link("https://c.example/?cur=EUR", "v=1", Lang::ru) == "https://c.example/?cur=EUR&lang=ru#v=1");
    CHECK(page_link("https://c.example/?lang=en", "v=1", Lang::ru) == "https://c.example/?lang=en#v=1");
    // No address (the CLI without --base-url): the fragment, and where it goes.
    CHECK(has(result_markdown(r, Lang::en), "`#v=1&users=50` (append it to the calculator's address)"));
    CHECK(has(result_csv(r, Lang::ru), "#v=1&users=50 (допишите её к адресу калькулятора)"));
}

TEST_CASE("the recommendation has one label in every export") {
    for (const char* link : {"v=1", "v=1&task=train", "v=1&use=asr&streams=20"}) {
        const Result r = test::run(link);
        for (Lang lang : {Lang::en, Lang::ru}) {
            const std::string md = result_markdown(r, lang), csv = result_csv(r, lang), table = result_table(r, {}, lang);
            for (const std::string* s : {&md, &csv, &table}) {
                CHECK_MESSAGE(!has(*s, "Recommended: "), link);
                CHECK_MESSAGE(!has(*s, "Рекомендуется: "), link);
            }
            CHECK(has(md, lang == Lang::en ? "**Recommended configuration**: " : "**Рекомендуемая конфигурация**: "));
            CHECK(has(table, lang == Lang::en ? "\nRecommended configuration: " : "\nРекомендуемая конфигурация: "));
        }
    }
    // The page's own sentence (the DOM summary) still stands alone with its word.
    CHECK(summarize(test::run("v=1"), Lang::en).sentence.rfind("Recommended: ", 0) == 0);
}

TEST_CASE("every option's parallel layout is in the exports: TP, PP and replicas or DP") {
    const Result infer = test::run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=50");
    CHECK(md_header(result_markdown(infer, Lang::en)).rfind("| GPU | GPUs | Servers | TP | PP | Replicas | Fits |", 0) == 0);
    const Result train = test::run("v=1&task=train");
    CHECK(md_header(result_markdown(train, Lang::en)).rfind("| GPU | GPUs | Servers | TP | PP | DP | Fits |", 0) == 0);
    // The first row's figures are the option's own.
    const Option& o = train.options.front();
    const std::string row = "| " + o.gpu_name + " | " + std::to_string(o.count) + " | " + std::to_string(o.servers) + " | " +
                            std::to_string(o.tp) + " | " + std::to_string(o.pp) + " | " + std::to_string(o.dp) + " |";
    CHECK(has(result_markdown(train, Lang::en), row));
    // Rendering and HPC split nothing: no layout columns.
    CHECK_FALSE(has(md_header(result_markdown(test::run("v=1&task=other&use=hpc&vram=40"), Lang::en)), "| TP |"));
}

TEST_CASE("Russian column headers are distinct (the GPU and the number of GPUs)") {
    for (const char* link : {"v=1", "v=1&task=tune", "v=1&use=embed", "v=1&task=other&use=render"}) {
        const std::string head = md_header(result_markdown(test::run(link), Lang::ru));
        REQUIRE_MESSAGE(!head.empty(), link);
        CHECK_MESSAGE(head.rfind("| GPU | Число GPU |", 0) == 0, head);
        std::istringstream cells(head);
        std::vector<std::string> seen;
        for (std::string c; std::getline(cells, c, '|');)
            if (c.find_first_not_of(' ') != std::string::npos) {
                CHECK_MESSAGE(std::find(seen.begin(), seen.end(), c) == seen.end(), c);
                seen.push_back(c);
            }
    }
}

TEST_CASE("a download is named by what it holds") {
    CHECK(export_file_name(test::run("v=1&model=Qwen/Qwen3-8B&users=50"), "json") == "gpusizer-qwen3-8b-chat-rtx-a6000x2.json");
    const std::string train = export_file_name(test::run("v=1&task=train"), "json");
    CHECK(train.rfind("gpusizer-qwen3-8b-train-", 0) == 0);
    // Only [a-z0-9-] before the extension, whatever the model's name holds.
    const Result custom = test::run("v=1&model=custom&name=My%20Model%20%2F%20v2%21&params=7&layers=32&hidden=4096");
    const std::string name = export_file_name(custom, "json");
    CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == name.size() - 5);
    CHECK(name.substr(name.size() - 5) == ".json");
}

// Russian plurals (issue 27): a count before a noun takes the noun's form for that count.
TEST_CASE("Russian counts take their noun's form") {
    auto ru = [](const Message& m) { return text::render(m, Lang::ru); };
    const Message load = Message("formula.speech_load").num("audio_h", 10).num("day", 8).num("rate", 1).num("enc", 1).num("dec", 1);
    CHECK(has(ru(Message(load).num("streams", 41)), "+ 41 живой поток ("));
    CHECK(has(ru(Message(load).num("streams", 22)), "+ 22 живых потока ("));
    CHECK(has(ru(Message(load).num("streams", 25)), "+ 25 живых потоков ("));
    CHECK(has(ru(Message("formula.vector_index").num("vectors", 21).num("dims", 1024).num("gb", 1).num("hnsw_gb", 1)),
              "21 вектор × 1024 измерения"));
    CHECK(has(ru(Message("assume.month_rented").num("hours", 730)), "730 часов аренды"));
    CHECK(has(ru(Message("reason.offload_split").num("host", 21).num("need", 1).num("ctx", 4096).num("have", 1)),
              "с 21 слоем на CPU"));
    // The phone cards' nouns, in the form of the number shown.
    CHECK(std::string(text::noun(text::shown_count(27, 0), "GPU-hour", Lang::ru)) == "GPU-часов");
    CHECK(std::string(text::noun(text::shown_count(22, 0), "GPU-hour", Lang::ru)) == "GPU-часа");
    CHECK(std::string(text::noun(text::shown_count(3.25, 2), "GPU-hour", Lang::ru)) == "GPU-часа");
    CHECK(std::string(text::noun(text::shown_count(30900, 0), "GPU-hour", Lang::ru)) == "GPU-часов");  // 30,9 тыс.
    CHECK(std::string(text::noun(text::shown_count(41, 0), "live stream", Lang::ru)) == "живой поток");
    CHECK(text::count_of(1024, 0, "dimension", Lang::ru) == "1024\u00A0измерения");
    CHECK(text::count_of(3, 0, "concurrent request", Lang::en) == "3\u00A0concurrent requests");
}

TEST_CASE("a config.json's errors are said in Russian on a Russian page") {
    CHECK(text::error_text("not valid JSON", Lang::ru) == "не JSON: синтаксическая ошибка");
    CHECK(text::error_text("expected a whole number 1–100000, got an array", Lang::ru) ==
          "ожидалось целое число 1–100000, а здесь массив");
    CHECK(text::error_text("nested deeper than 64 levels", Lang::ru) == "вложенность глубже 64 уровней");
    CHECK(text::error_text("expected one entry per layer (32), got 30", Lang::ru) ==
          "ожидалось по одной записи на слой (32), а здесь 30");
    CHECK(text::error_text("not valid JSON", Lang::en) == "not valid JSON");
    // Every message the config reader can give, whole or by its head, has Russian words.
    const ConfigImport imp = import_hf_config("{\"model_type\":\"llama\",\"hidden_size\":\"x\",\"num_hidden_layers\":true}", "",
                                              "config.json", "model.safetensors.index.json", "", "hf_quant_config.json");
    REQUIRE_FALSE(imp.errors.empty());
    for (const auto& e : imp.errors) {
        const std::string ru = text::error_text(e.message, Lang::ru);
        CHECK_MESSAGE(ru.find("expected") == std::string::npos, ru);
    }
}
