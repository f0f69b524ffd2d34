// The page's start-up buffer (src/app/start_args.hpp): the layout app.js writes, read back.
#include <string>

#include "app/start_args.hpp"
#include <doctest/doctest.h>

using namespace gpusizer::app;

TEST_CASE("start-up buffer: text keys, then the blobs in the order of their keys") {
    const std::string head = "lang=ru\ndark=1\nembed=0\nfull_url=https://x.example/\ncta=https://p.example/o?g={gpu}\n"
                             "accent=3108845\nlink=v=1&model=m\nfont_medium=2\ncatalog=3\nfont_regular=0\n\n";
    const StartArgs a = parse_start_args(head + "MMcat");
    CHECK(a.lang == "ru");
    CHECK(a.dark);
    CHECK_FALSE(a.embed);
    CHECK(a.full_url == "https://x.example/");
    CHECK(a.cta == "https://p.example/o?g={gpu}");
    CHECK(a.has_accent);
    CHECK(a.accent == 0x2f6fedu);
    CHECK(a.link == "v=1&model=m");
    CHECK(a.font_medium == "MM");
    CHECK(a.catalog == "cat");
    CHECK(a.font_regular.empty());
}

TEST_CASE("start-up buffer: defaults, an empty accent, and a blob cut at the end") {
    const StartArgs a = parse_start_args("accent=\ncatalog=10\nunknown=1\n\nabc");
    CHECK(a.lang == "en");
    CHECK_FALSE(a.dark);
    CHECK_FALSE(a.has_accent);
    CHECK(a.catalog == "abc");
    CHECK(parse_start_args("").link.empty());
}
