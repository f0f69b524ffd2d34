// The exports (issue 27): a link someone can open, one "recommended" label, the parallel layout of
// every option, distinct column names in Russian, and download names that say what they hold.
// The columns are the page's (issue 29: report/columns.hpp): one order, one format, one "—".
#include <algorithm>
#include <sstream>

#include "helpers.hpp"
#include "catalog/hf_config.hpp"
#include "engine/codes.hpp"
#include "engine/tasks.hpp"
#include "report/columns.hpp"
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

// The cells of a Markdown line, trimmed.
std::vector<std::string> md_cells(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    std::string c;
    std::getline(in, c, '|');  // before the first bar
    while (std::getline(in, c, '|')) {
        const auto a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
        if (a != std::string::npos) out.push_back(c.substr(a, b - a + 1));
    }
    return out;
}

// The Markdown line of the first option (the line after the header's rule).
std::string md_first_row(const std::string& md) {
    const std::string head = md_header(md);
    const auto at = md.find(head);
    const auto rule_end = md.find('\n', md.find('\n', at) + 1);
    return md.substr(rule_end + 1, md.find('\n', rule_end + 1) - rule_end - 1);
}

TEST_CASE("the exports' columns in the page's order: every task's full header, in English and Russian") {
    auto head = [](const char* link, Lang lang) { return md_header(result_markdown(test::run(link), lang)); };
    CHECK(head("v=1&model=Qwen/Qwen3-8B&users=50", Lang::en) ==
          "| GPU | GPUs | Servers | TP | PP | Replicas | Fits | GB/GPU | tok/s/user | TTFT, s | total tok/s | Cost/h, USD "
          "| Why not / notes |");
    CHECK(head("v=1&task=train", Lang::en) ==
          "| GPU | GPUs | Servers | TP | PP | DP | Fits | GB/GPU | GPU-hours | Time | Energy | Per run, USD | Cost/h, USD "
          "| Why not / notes |");
    CHECK(head("v=1&use=asr&streams=20", Lang::en) ==
          "| GPU | GPUs | Servers | TP | PP | Replicas | Fits | GB/GPU | × realtime | Live streams | Cost/h, USD "
          "| Why not / notes |");
    CHECK(head("v=1&use=embed", Lang::en) ==
          "| GPU | GPUs | Servers | TP | PP | Replicas | Fits | GB/GPU | QPS | Index time | Cost/h, USD | Why not / notes |");
    // Other work: the page's "Score" header, the figure's unit in its cell.
    CHECK(head("v=1&task=other&use=hpc&vram=40", Lang::en) == "| GPU | GPUs | Servers | Fits | GB/GPU | Score | Cost/h, USD "
                                                               "| Why not / notes |");
    CHECK(head("v=1&model=Qwen/Qwen3-8B&users=50", Lang::ru) ==
          "| GPU | Число GPU | Серверов | TP | PP | Реплик | Влезает | ГБ/GPU | ток/с/польз. | TTFT, с | всего ток/с "
          "| Цена/ч, USD | Почему нет / заметки |");
}

TEST_CASE("the page, the exports and the DOM summary show their columns in one order") {
    for (const char* link : {"v=1", "v=1&task=tune", "v=1&task=train", "v=1&use=asr&streams=20", "v=1&use=embed",
                             "v=1&task=other&use=render", "v=1&sort=gpus", "v=1&task=train&sort=speed"}) {
        const Result r = test::run(link);
        const auto all = result_columns(r, Lang::en, in_export);
        for (ColumnSurface where : {on_page, in_summary}) {
            size_t at = 0;  // each of the surface's columns comes after the one before it in the exports
            for (const ResultColumn& c : result_columns(r, Lang::en, where)) {
                if (c.id == ColumnId::ttft || c.id == ColumnId::total_tps) CHECK(where == on_page);  // the summary is brief
                while (at < all.size() && all[at].id != c.id) ++at;
                CHECK_MESSAGE(at < all.size(), link, " column ", c.header);
            }
        }
        // The ranked column is one, and shown on the page.
        const auto page = result_columns(r, Lang::en, on_page);
        CHECK_MESSAGE(std::count_if(page.begin(), page.end(), [](const ResultColumn& c) { return c.ranked; }) == 1, link);
    }
}

TEST_CASE("an export's cells read as the page's: GB used of usable, compact totals, '—' for what does not apply") {
    const Result chat = test::run("v=1&model=Qwen/Qwen3-8B&users=50");
    const Option& o = chat.options.front();
    const auto row = md_cells(md_first_row(result_markdown(chat, Lang::en)));
    REQUIRE(row.size() == 13);
    CHECK(row[0] == o.gpu_name);
    CHECK(row[7] == text::number(o.per_gpu_gb.mid, 1, Lang::en) + " / " + text::number(o.capacity_gb, 0, Lang::en));
    CHECK(row[9] == text::number(o.ttft_s.mid, 2, Lang::en));
    CHECK(row[10] == text::compact(o.total_tps.mid, 1, Lang::en));
    // A fixed count too small for a 70B model: no layout, so no GPUs, servers or speeds, but a reason.
    const Result none = test::run("v=1&model=meta-llama/Llama-3.1-70B-Instruct&users=50&gpu=rtx-4090&n=1");
    REQUIRE(!none.options.empty());
    const auto cells = md_cells(md_first_row(result_markdown(none, Lang::en)));
    REQUIRE(cells.size() == 13);
    CHECK(cells[6] == "no");
    for (size_t i : {8, 9, 10}) CHECK_MESSAGE(cells[i] == "—", i);
    CHECK(cells[12] != "—");
}

TEST_CASE("GB used of usable never reads as over the card when the two are within a gigabyte") {
    CHECK(capacity_decimals(20.5, 22.9) == 0);  // "20.5 / 23"
    CHECK(capacity_decimals(15.32, 15.46) == 1);  // "15.3 / 15.5", not "15.3 / 15"
    CHECK(capacity_decimals(25.4, 22.9) == 0);  // over by more than a gigabyte: plainly over
    // FP32 Whisper large-v3 on an A2 16GB fills 15.32 of its 15.46 usable GB (the catalog's CUDA memory less 10 %).
    const Result r = test::run("v=1&use=asr&model=openai/whisper-large-v3&wq=fp32&asr_rt=hf&gpu=a2");
    REQUIRE(!r.options.empty());
    const Option& o = r.options.front();
    REQUIRE(o.capacity_gb - o.per_gpu_gb.mid < 1.0);
    const auto row = md_cells(md_first_row(result_markdown(r, Lang::en)));
    bool shown = false;
    for (const auto& cell : row) shown = shown || cell == text::number(o.per_gpu_gb.mid, 1, Lang::en) + " / " +
                                                             text::number(o.capacity_gb, 1, Lang::en);
    CHECK(shown);
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

TEST_CASE("at a request rate the exports list the rate's inputs, and the guide's advice speaks of the rate") {
    const Result r = test::run("v=1&model=Qwen/Qwen3-8B&rps=5&pct=95&ttft=1&tps=20");
    const std::string md = result_markdown(r, Lang::en);
    CHECK(has(md, "Requests per second: 5.00"));
    CHECK(has(md, "Targets hold at: 95.0 %"));
    CHECK(has(md, "Spare replicas: 1"));
    CHECK_FALSE(has(md, "Concurrent users"));
    CHECK(has(md, "Growth reserve, % more requests: 0"));
    CHECK_FALSE(has(md, "% more users"));
    CHECK(has(result_markdown(r, Lang::ru), "Запросов в секунду: 5,00"));
    // In flight at the targets (Little's law): 5/s × (1 s + 500 tokens / 20 tokens/s) = 130.
    CHECK(planned_users(r.state) == 130);
    bool guide = false;
    for (const Advice& a : r.advice) {
        if (a.why.code != std::string(code::guide_memory)) continue;
        guide = true;
        const std::string why = text::render(a.why, Lang::en);
        CHECK(has(why, "130 requests in flight (5 per second)"));
        // The switch changes the weights only: the load stays the rate.
        REQUIRE(a.apply);
        CHECK(a.apply->rps == 5);
        CHECK(a.apply->users == r.state.users);
    }
    CHECK(guide);
}
