// The files the page fetches besides the module and how the page's two modules talk: the Russian
// text (text-ru.bin), the models' notes (model-notes.bin) and coded messages passed from the JSON
// module (report/message_codec.hpp). Each must read back exactly and refuse damaged bytes.
#include <cmath>
#include <cstring>
#include <string>

#include "catalog/catalog_binary.hpp"
#include "helpers.hpp"
#include "report/message_codec.hpp"
#include "text/language_pack.hpp"

using namespace gpusizer;
using text::Lang;

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
    const std::string good = text::pack_language(Lang::ru);
    CHECK_FALSE(text::read_language_pack("").ok);
    CHECK_FALSE(text::read_language_pack("<!doctype html><p>404</p>").ok);  // a server's error page
    const text::LanguagePack cut = text::read_language_pack(good.substr(0, good.size() / 2));
    CHECK_FALSE(cut.ok);
    CHECK(cut.error == "the file ends inside its tables");
    CHECK(text::read_language_pack(good + "x").error == "bytes after the tables");
    std::string huge = good;
    huge[std::strlen("gpusizer-text ru 1\n") + 3] = '\x7f';  // a count of ~2 billion pairs
    CHECK(text::read_language_pack(huge).error == "implausible table sizes");
    std::string empty_key = good;
    empty_key[std::strlen("gpusizer-text ru 1\n") + 8] = '\0';  // the first code made empty
    CHECK_FALSE(text::read_language_pack(empty_key).ok);
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

TEST_CASE("a damaged model-notes.bin changes nothing") {
    const std::string good = pack_model_notes(test::bundled());
    for (const std::string& bad : {std::string(), std::string("gpusizer-model-notes 1\n"), good.substr(0, good.size() - 1),
                                   good + "tail", std::string("gpusizer-model-notes 1\n\xff\xff\xff\x7f", 27)}) {
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
