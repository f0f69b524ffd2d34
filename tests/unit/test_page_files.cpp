// The files the page fetches besides the module and how the page's two modules talk: the Russian
// text (text-ru.bin), the models' notes (model-notes.bin) and coded messages passed from the JSON
// module (report/message_codec.hpp). Each must read back exactly and refuse damaged bytes.
#include <cctype>
#include <cmath>
#include <set>
#include <cstring>
#include <string>

#include "catalog/catalog_binary.hpp"
#include "catalog/catalog_json.hpp"
#include "helpers.hpp"
#include "report/message_codec.hpp"
#include "text/language_pack.hpp"
#include "text/pair_file.hpp"

using namespace gpusizer;
using text::Lang;

namespace {

// `body` with a valid checksum after it (pair_file.hpp): damage the checksum does not catch reaches
// the structural checks.
std::string sealed(const std::string& body) {
    std::string out = body;
    const std::uint64_t sum = fnv1a64(body);
    for (int i = 0; i < 8; ++i) out += char((sum >> (8 * i)) & 0xFF);
    return out;
}
std::string body_of(const std::string& file) { return file.substr(0, file.size() - 8); }

}  // namespace

TEST_CASE("text-ru.bin carries every Russian template and UI string, in order") {
    const std::string bytes = text::pack_language(Lang::ru);
    const text::LanguagePack p = text::read_language_pack(bytes);
    REQUIRE(p.ok);
    const text::Table messages = text::message_table(Lang::ru);
    const text::UiTable ui = text::ui_table_ru();
    REQUIRE(p.messages.size() == messages.size());
    REQUIRE(p.ui.size() == ui.size());
    CHECK(messages.size() > 100);
    for (std::size_t i = 0; i < messages.size(); ++i) {
        CHECK(std::strcmp(p.messages[i].first, messages.begin()[i].first) == 0);
        CHECK(std::strcmp(p.messages[i].second, messages.begin()[i].second) == 0);
    }
    for (std::size_t i = 0; i < ui.size(); ++i) CHECK(std::strcmp(p.ui[i].second, ui.begin()[i].second) == 0);
    CHECK(text::pack_language(Lang::en).empty());  // English is compiled into every program
    CHECK(text::language_available(Lang::ru));       // (the CLI has the tables compiled in)
}

TEST_CASE("a damaged text-ru.bin is refused with a reason, never half-read") {
    const std::string good = text::pack_language(Lang::ru), body = body_of(good);
    CHECK_FALSE(text::read_language_pack("").ok);
    CHECK_FALSE(text::read_language_pack("<!doctype html><p>404</p>").ok);  // a server's error page
    // Any changed, missing or extra byte: the checksum (issue 27: the lazily fetched files had none).
    const std::string mismatch = "checksum mismatch (a damaged or stale file)";
    CHECK(text::read_language_pack(good.substr(0, good.size() / 2)).error == mismatch);
    CHECK(text::read_language_pack(good + "x").error == mismatch);
    std::string flipped = good;
    flipped[good.size() / 2] ^= 1;  // one letter of one Russian string
    CHECK(text::read_language_pack(flipped).error == mismatch);
    // The previous format (no checksum) is not this file.
    CHECK(text::read_language_pack("gpusizer-text ru 1\n" + good.substr(std::strlen("gpusizer-text ru 2\n"))).error ==
          "not a gpusizer Russian text file (version 2)");
    // Behind a valid checksum, the structure is still checked.
    const text::LanguagePack cut = text::read_language_pack(sealed(body.substr(0, body.size() / 2)));
    CHECK_FALSE(cut.ok);
    CHECK(cut.error == "the file ends inside its tables");
    CHECK(text::read_language_pack(sealed(body + "x")).error == "bytes after the tables");
    std::string huge = body;
    huge[std::strlen("gpusizer-text ru 2\n") + 3] = '\x7f';  // a count of ~2 billion pairs
    CHECK(text::read_language_pack(sealed(huge)).error == "implausible table sizes");
    std::string empty_key = body;
    empty_key[std::strlen("gpusizer-text ru 2\n") + 8] = '\0';  // the first code made empty
    CHECK_FALSE(text::read_language_pack(sealed(empty_key)).ok);
}

TEST_CASE("model-notes.bin fills back exactly the notes catalog.bin leaves out") {
    const Catalog& full = test::bundled();
    Catalog page = page_catalog(full);
    for (const ModelSpec& m : page.models) CHECK(m.notes.empty());
    for (std::size_t i = 0; i < page.models.size(); ++i) CHECK(page.models[i].source == full.models[i].source);
    const std::string bytes = pack_model_notes(full);
    int with_notes = 0;
    for (const ModelSpec& m : full.models) with_notes += m.notes.empty() ? 0 : 1;
    CHECK(with_notes > 40);
    CHECK(apply_model_notes(bytes, &page) == with_notes);
    for (std::size_t i = 0; i < page.models.size(); ++i) CHECK(page.models[i].notes == full.models[i].notes);
    CHECK(apply_model_notes(bytes, &page) == 0);  // notes already there are kept
}

// The figures a note states ("8.2", "32,768", "1e6" → 8.2, 32,768, 1, 6): a translation keeps them as they are.
static std::set<std::string> figures(const std::string& text) {
    std::set<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) { ++i; continue; }
        std::size_t j = i;
        while (j < text.size() && (std::isdigit(static_cast<unsigned char>(text[j])) ||
                                   ((text[j] == '.' || text[j] == ',') && j + 1 < text.size() &&
                                    std::isdigit(static_cast<unsigned char>(text[j + 1])))))
            ++j;
        out.insert(text.substr(i, j - i));
        i = j;
    }
    return out;
}

TEST_CASE("every bundled model has its notes in Russian, with the English notes' figures") {
    for (const ModelSpec& m : test::bundled().models) {
        CAPTURE(m.id);
        REQUIRE_FALSE(m.notes.empty());
        REQUIRE_FALSE(m.notes_ru.empty());
        CHECK(m.notes_ru != m.notes);
        CHECK(m.notes_ru.find("\xD0") != std::string::npos);  // Cyrillic (U+0400–U+043F lead byte)
        CHECK(figures(m.notes_ru) == figures(m.notes));
    }
    for (const TaskPreset& p : test::bundled().presets) {  // the article's citation beside its advice
        CAPTURE(p.id);
        CHECK_FALSE(p.source_ru.empty());
        CHECK(figures(p.source_ru) == figures(p.source));
    }
}

TEST_CASE("model-notes-ru.bin fills back exactly the Russian notes, and only those") {
    const Catalog& full = test::bundled();
    Catalog page = page_catalog(full);
    for (const ModelSpec& m : page.models) CHECK(m.notes_ru.empty());
    const std::string en = pack_model_notes(full), ru = pack_model_notes(full, true);
    CHECK_FALSE(model_notes_russian(en));
    CHECK(model_notes_russian(ru));
    CHECK(apply_model_notes(ru, &page) == int(full.models.size()));
    for (std::size_t i = 0; i < page.models.size(); ++i) {
        CHECK(page.models[i].notes_ru == full.models[i].notes_ru);
        CHECK(page.models[i].notes.empty());  // the English notes come from their own file
    }
    CHECK(apply_model_notes(en, &page) == int(full.models.size()));
    for (std::size_t i = 0; i < page.models.size(); ++i) CHECK(page.models[i].notes == full.models[i].notes);
    std::string flipped = ru;
    flipped[ru.size() / 2] ^= 1;
    Catalog fresh = page_catalog(full);
    CHECK(apply_model_notes(flipped, &fresh) == -1);
    for (const ModelSpec& m : fresh.models) CHECK(m.notes_ru.empty());
}

TEST_CASE("a provider's new notes drop the bundled translation; its own notes_ru is kept") {
    const Catalog& base = test::bundled();
    const CatalogLoad a = apply_provider_catalog(base, R"({"models":[{"id":"Qwen/Qwen3-8B","notes":"Served on our H100s."}]})", "p.json");
    REQUIRE(a.ok);
    const ModelSpec* m = a.catalog.find_model("Qwen/Qwen3-8B");
    REQUIRE(m != nullptr);
    CHECK(m->notes == "Served on our H100s.");
    CHECK(m->notes_ru.empty());  // the page shows the English, said to be English
    const CatalogLoad b = apply_provider_catalog(
        base, R"({"models":[{"id":"Qwen/Qwen3-8B","notes":"Served on our H100s.","notes_ru":"Работает на наших H100."}]})", "p.json");
    REQUIRE(b.ok);
    CHECK(b.catalog.find_model("Qwen/Qwen3-8B")->notes_ru == "Работает на наших H100.");
    const CatalogLoad c = apply_provider_catalog(base, R"({"prices":{"h100-sxm":2}})", "p.json");
    REQUIRE(c.ok);
    CHECK(c.catalog.find_model("Qwen/Qwen3-8B")->notes_ru == test::model("Qwen/Qwen3-8B").notes_ru);
}

TEST_CASE("a damaged model-notes.bin changes nothing") {
    const std::string good = pack_model_notes(test::bundled()), body = body_of(good);
    std::string flipped = good;
    flipped[good.size() / 2] ^= 1;  // one letter of one note: only the checksum sees it
    const std::string huge("gpusizer-model-notes 2\n\xff\xff\xff\x7f", 27);
    for (const std::string& bad : {std::string(), std::string("gpusizer-model-notes 2\n"),
                                   good.substr(0, good.size() - 1), good + "tail", flipped,
                                   sealed(body.substr(0, body.size() - 1)), sealed(body + "tail"), sealed(huge)}) {
        Catalog page = page_catalog(test::bundled());
        CHECK(apply_model_notes(bad, &page) == -1);
        for (const ModelSpec& m : page.models) CHECK(m.notes.empty());
    }
}

TEST_CASE("coded messages cross from the JSON module unchanged") {
    std::vector<Message> in;
    in.push_back(Message("config.read").num("layers", 61).num("params", 671.026e9).str("file", "config.json"));
    in.push_back(Message("config.quant").term("method", "fp8").num("third", 1.0 / 3.0).num("nan", std::nan("")));
    in.push_back(Message("config.odd").str("name", "a\x1e" "b\x1f" "c=d").str("empty", "").str("ru", "модель"));
    const std::vector<Message> out = decode_messages(encode_messages(in));
    REQUIRE(out.size() == 3);
    CHECK(out[0].code == "config.read");
    CHECK(out[0].find("params")->number == 671.026e9);
    CHECK(out[1].find("third")->number == 1.0 / 3.0);  // every bit (%.17g)
    CHECK(std::isnan(out[1].find("nan")->number));
    CHECK(out[1].find("method")->kind == Param::Kind::code);
    CHECK(out[2].find("name")->text == "a b c=d");  // separators inside a text become spaces
    CHECK(out[2].find("empty")->text.empty());
    CHECK(out[2].find("ru")->text == "модель");
    CHECK(decode_messages("").empty());
    // Garbage is skipped field by field, never read past.
    const auto junk = decode_messages("code\x1fxnoequals\x1fn=\x1fnx=notanumber\x1e\x1e\x1f\x1ftk=v");
    REQUIRE(junk.size() == 1);
    CHECK(junk[0].code == "code");
    CHECK(junk[0].params.empty());
    CHECK(split_lines(join_lines({"a\x1e" "b", "c"})) == std::vector<std::string>{"a b", "c"});
}
