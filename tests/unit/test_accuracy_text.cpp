// Error bands in words (src/report/accuracy_text.hpp) and where a reader meets them: the text table,
// Markdown and CSV exports' "Accuracy" section and the DOM summary, in English and Russian.
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

#include "helpers.hpp"
#include "report/accuracy_text.hpp"
#include "report/report.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using text::Lang;

namespace {

const char* const kChatBot = "v=1&model=Qwen/Qwen3-8B&users=50";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The lines of `text` after the first line equal to `heading` (the section's own lines).
std::string section_after(const std::string& text, const std::string& heading) {
    const size_t at = text.find("\n" + heading + "\n");
    return at == std::string::npos ? std::string() : text.substr(at + heading.size() + 2);
}

}  // namespace

TEST_CASE("every figure that can carry a band has a name in both languages") {
    for (const char* f : {"per_gpu_gb", "kv_cache_tokens", "decode_tps_per_user", "tpot_ms", "total_tps", "ttft_s",
                          "users_served", "audio_x_realtime", "streams_served", "qps_capacity", "index_hours", "gpu_hours",
                          "days", "energy_mwh", "count", "cost_per_hour", "cost_per_month", "cost_per_mtok", "cost_total"}) {
        const std::string en = figure_label(f, Lang::en), ru = figure_label(f, Lang::ru);
        CHECK_MESSAGE(!en.empty(), f);
        CHECK_MESSAGE(ru != en, f);  // translated (ui_ru.cpp)
    }
    CHECK(figure_label("score", Lang::en).empty());
}

TEST_CASE("a chat-bot's bands: the nearest run by its model's and GPU's names, families grouped") {
    const Result r = test::run("v=1&model=Qwen/Qwen3-8B&users=20&gpu=h100-sxm");
    REQUIRE(r.recommended >= 0);
    const auto lines = accuracy_lines(r, Lang::en);
    std::set<std::string> figures;
    for (const AccuracyLine& l : lines) figures.insert(l.numbers.figure);
    for (const char* f : {"per_gpu_gb", "decode_tps_per_user", "total_tps", "ttft_s", "cost_per_hour"})
        CHECK_MESSAGE(figures.count(f) == 1, f);
    CHECK(figures.count("cost_total") == 0);  // serving has no run cost
    for (const AccuracyLine& l : lines) {
        if (l.numbers.figure != "ttft_s") continue;
        // The TTFT check ran this very model on this very GPU (gpustack, H100).
        CHECK(l.run == r.model.name + ", " + r.options[size_t(r.recommended)].gpu_name);
        CHECK(has(l.nearest, "nearest published run: " + l.run + " (error "));
        CHECK(l.url.rfind("https://", 0) == 0);
    }
    const auto groups = accuracy_groups(lines);
    REQUIRE(!groups.empty());
    CHECK(groups.size() < lines.size());
    std::set<std::string> families;
    for (const AccuracyGroup& g : groups) CHECK(families.insert(g.family).second);  // one entry per family
    for (const AccuracyGroup& g : groups)
        if (g.family == "serving_decode") CHECK(has(g.labels, "Tokens/s per user · Time per output token"));
}

TEST_CASE("the text, Markdown and CSV exports list every band, in English and Russian") {
    const Result r = test::run(kChatBot);
    for (Lang lang : {Lang::en, Lang::ru}) {
        CAPTURE(text::lang_key(lang));
        const auto lines = accuracy_lines(r, lang);
        REQUIRE(lines.size() >= 5);
        const std::string heading = text::ui("Accuracy", lang);
        const std::string table = section_after(result_table(r, {}, lang), heading);
        const std::string md = section_after(result_markdown(r, lang), "## " + heading);
        const std::string csv = result_csv(r, lang);
        REQUIRE(!table.empty());
        REQUIRE(!md.empty());
        CHECK(has(table, accuracy_note(lang)));
        CHECK(has(csv, "\n\n" + csv_cell(heading) + "," + csv_cell(accuracy_note(lang)) + "\n"));
        CHECK(has(csv, csv_cell(text::ui("Nearest published run", lang))));
        int linked = 0;
        for (const AccuracyLine& l : lines) {
            CAPTURE(l.numbers.figure);
            CHECK(has(table, "- " + l.label + ": " + l.band + "\n"));
            CHECK(has(md, "- **" + md_cell(l.label) + "**: " + md_cell(l.band)));
            CHECK(has(csv, csv_cell(l.label) + "," + csv_cell(l.band) + ","));
            if (l.url.empty()) continue;
            ++linked;
            CHECK(has(table, "  " + l.nearest + " " + l.url + "\n"));
            CHECK(has(md, "[" + md_cell(l.nearest) + "](" + l.url + ")"));
            CHECK(has(csv, csv_cell(l.nearest) + "," + csv_cell(l.url) + "\n"));
        }
        CHECK(linked > 0);
        const std::string band = lang == Lang::en ? "accuracy: ±" : "точность: ±";
        const std::string median = lang == Lang::en ? "\u00a0% median error on" : "\u00a0% — медианная ошибка на";
        CHECK(has(md, band));
        CHECK(has(md, median));
        CHECK(has(table, band));
        CHECK(has(csv, band));
    }
}

TEST_CASE("the CSV's accuracy block comes after the options, and no cell starts with a sign") {
    const Result r = test::run("v=1&task=train&model=meta-llama/Llama-3.1-70B-Instruct&tokens=1T&days=30");
    const std::string csv = result_csv(r, Lang::en);
    const size_t block = csv.find("\n\n\"Accuracy\",");
    REQUIRE(block != std::string::npos);
    CHECK(csv.find("\"GPU-hours\",\"accuracy: ±", block) != std::string::npos);
    std::istringstream rows(csv.substr(block));
    for (std::string row; std::getline(rows, row);) {  // a defused cell would read '-7 in a spreadsheet
        CHECK(row.find(",\"'") == std::string::npos);
        CHECK(row.rfind("\"'", 0) == std::string::npos);
    }
}

TEST_CASE("work ranked by catalog facts has no accuracy section") {
    const Result r = test::run("v=1&task=other&use=hpc&vram=40");
    CHECK(accuracy_lines(r, Lang::en).empty());
    CHECK_FALSE(has(result_markdown(r, Lang::en), "## Accuracy"));
    CHECK_FALSE(has(result_csv(r, Lang::en), "\"Accuracy\""));
    CHECK(summary_html(r, Lang::en).accuracy.empty());
}

TEST_CASE("the DOM summary lists each family's band with a link to its nearest run, in both languages") {
    const Result r = test::run(kChatBot);
    for (Lang lang : {Lang::en, Lang::ru}) {
        CAPTURE(text::lang_key(lang));
        const Summary s = summarize(r, lang);
        CHECK(s.accuracy_title == text::ui("How right are these figures", lang));
        REQUIRE(!s.accuracy.empty());
        const SummaryHtml h = summary_html(r, lang);
        CHECK(has(h.accuracy, "<h2>" + html_escape(s.accuracy_title) + "</h2>"));
        for (const AccuracyGroup& g : s.accuracy) {
            CHECK(has(h.accuracy, "<li><strong>" + html_escape(g.labels) + "</strong>: " + html_escape(g.band)));
            if (!g.url.empty()) CHECK(has(h.accuracy, "<a href=\"" + html_escape(g.url) + "\""));
        }
        const auto j = nlohmann::json::parse(page_json(r, {}, lang), nullptr, false);
        REQUIRE(j["summary"]["accuracy"].is_array());
        CHECK(j["summary"]["accuracy"].size() == s.accuracy.size());
        CHECK(j["summary"]["accuracy"][0][1] == s.accuracy[0].band);  // [figures, band, nearest, url]
    }
}
