// The state's vocabulary, defined once: for each enumerated field of the State, one table of
// {value, key, text code}. The key is the word the link, the CLI's JSON, the exports and the catalog
// write and read; the text code, where the field has one, is the term src/text words. The link codec
// (encode and decode), the report layer, the catalog reader and the UI all read these tables, so a
// value added to an enum is added here once.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace gpusizer {

template <class E> struct Term {
    E value;
    const char* key;             // the link's value and the JSON's
    const char* text = nullptr;  // a term code (engine/codes.hpp), when the field has one
    const char* alias = nullptr; // another spelling a link may carry: read, never written
};

// A table as a range (plain data: no allocation at start-up).
template <class E> struct Terms {
    const Term<E>* first;
    std::size_t count;
    const Term<E>* begin() const { return first; }
    const Term<E>* end() const { return first + count; }
};

// The table of each enumerated field (vocabulary.cpp), in the order a link's warning lists its keys.
template <class E> Terms<E> terms();
template <> Terms<Task> terms<Task>();
template <> Terms<Use> terms<Use>();
template <> Terms<View> terms<View>();
template <> Terms<TuneMethod> terms<TuneMethod>();
template <> Terms<Trainer> terms<Trainer>();
template <> Terms<Optimizer> terms<Optimizer>();
template <> Terms<RankBy> terms<RankBy>();
template <> Terms<AsrRuntime> terms<AsrRuntime>();
template <> Terms<AsrMode> terms<AsrMode>();
template <> Terms<Scheduler> terms<Scheduler>();
template <> Terms<HostRam> terms<HostRam>();
template <> Terms<VendorFilter> terms<VendorFilter>();
template <> Terms<Resolution> terms<Resolution>();
template <> Terms<VideoCodec> terms<VideoCodec>();
template <> Terms<ThinkLevel> terms<ThinkLevel>();
template <> Terms<KvTier> terms<KvTier>();

template <class E> const Term<E>& term_of(E v) {
    for (const Term<E>& t : terms<E>())
        if (t.value == v) return t;
    return *terms<E>().first;  // unreachable: every value has its row (test_link checks)
}
template <class E> std::string_view key_of(E v) { return term_of(v).key; }
// The term code of a value; nullptr when its field has none.
template <class E> const char* text_of(E v) { return term_of(v).text; }
// The value a key (or an alias) names; nothing for any other word.
template <class E> std::optional<E> from_key(std::string_view key) {
    for (const Term<E>& t : terms<E>())
        if (key == t.key || (t.alias && key == t.alias)) return t.value;
    return std::nullopt;
}
// The keys as a warning lists them: "chat, rag, ocr".
template <class E> std::string keys_listed() {
    std::string out;
    for (const Term<E>& t : terms<E>()) {
        if (!out.empty()) out += ", ";
        out += t.key;
    }
    return out;
}

// The term of a training job's method: "pretrain" for training from scratch, else the fine-tune method.
const char* method_term(const State& s);

// The task a use belongs to: the inference presets, or other GPU work (render transcode image hpc).
Task use_task(Use u);

}  // namespace gpusizer
