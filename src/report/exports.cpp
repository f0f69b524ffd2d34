// The readable exports (CLI table, Markdown, CSV) and the DOM summary, in the chosen language.
// Each starts from the same context (task, model, inputs, link, recommendation, currency) and
// the same columns as the page's table (report/columns.hpp); a figure that does not apply is "—".
#include <cctype>
#include <cmath>
#include <iterator>
#include <set>

#include "engine/custom_model.hpp"
#include "engine/workload.hpp"
#include "link/link.hpp"
#include "report/accuracy_text.hpp"
#include "report/columns.hpp"
#include "report/report.hpp"
#include "text/hidden_chars.hpp"

namespace gpusizer {
namespace {

using text::dash;

const char* T(const char* english, Lang lang) { return text::ui(english, lang); }

bool is_train(const Result& r) { return r.state.task == Task::tune || r.state.task == Task::train; }

// The framework a training result assumes, as the page's trainer / framework row names it.
const char* trainer_label(const State& s) {
    if (s.trainer == Trainer::nemo) return "NVIDIA NeMo / Megatron-Bridge";
    if (s.task == Task::train) return "Megatron-LM at production scale";
    return s.trainer == Trainer::fused ? "Fused: Unsloth, Liger, torchtune" : "Hugging Face Trainer + PEFT";
}

// The optimizer a fine-tuning result assumes, as the page's optimizer row names it.
const char* optimizer_label(Optimizer o) {
    if (o == Optimizer::bf16) return "AdamW, pure BF16";
    return o == Optimizer::adam8 ? "8-bit AdamW" : "AdamW, mixed precision (FP32 master)";
}

std::string task_figure(const Result& r, const Option& o, Lang lang) {
    if (r.state.task == Task::infer && r.state.use == Use::asr)
        return text::number(o.audio_x_realtime.mid, 0, lang) + " × " + T("realtime per GPU", lang);
    if (r.state.task == Task::infer && r.state.use == Use::embed)
        return text::number(o.qps_capacity.mid, 0, lang) + " " + T("queries/s", lang) + ", " + T("corpus in", lang) + " " +
               text::duration_hours(o.index_hours.mid, lang);
    if (r.state.task == Task::infer)
        return text::with_unit(o.decode_tps_per_user.mid, 1, "tok/s", lang) + " " + T("per user", lang);
    if (is_train(r)) {
        // "30,9 тыс." takes the form of 5 (genitive plural); small counts their own.
        const double h = o.gpu_hours.mid, form = h >= 1e4 ? 5 : std::round(h * 10) / 10;
        return text::duration_hours(o.days.mid * 24, lang) + ", " + text::compact(h, 1, lang) + " " +
               text::noun(form, "GPU-hour", lang);
    }
    return text::number(o.score, 1, lang) + " " + text::render(o.score_label, lang);
}

// The request's shape at the option (engine/workload.hpp), after its speed: "" for a plain request.
std::string workload_text(const Option& o, Lang lang) {
    if (!o.workload) return "";
    const WorkloadFigures& w = *o.workload;
    std::string s;
    if (w.thinking > 0)
        s += ", " + std::string(T("the answer starts after", lang)) + " " + text::with_unit(w.first_visible_s, 1, "s", lang);
    if (w.tokens_per_step > 1)
        s += ", " + std::string(T("speculative decoding", lang)) + " " + text::number(w.spec_speedup, 2, lang) + "×";
    if (w.ttft_turn_s > 0)
        s += ", " + std::string(T("a later turn's first token in", lang)) + " " + text::with_unit(w.ttft_turn_s, 2, "s", lang) +
             " (" + T("idle sessions", lang) + " " + text::message_template(text_of(w.tier), lang) + ")";
    if (w.adapters_host_gb > 0)
        s += ", " + std::string(T("LoRA adapters lengthen a step by", lang)) + " " + text::number(w.lora_step_pct, 1, lang) +
             " %";
    return s;
}

// with_label: the sentence on its own ("Recommended: 2 × …"); without, the figures alone, for an
// export that puts its own "Recommended configuration" label before them.
std::string sentence(const Result& r, Lang lang, bool with_label = true) {
    if (r.options.empty()) return T("Nothing to evaluate", lang);
    if (r.recommended < 0) {
        const Option& o = r.options.front();
        return std::string(T("No configuration fits", lang)) + ". " + T("Closest: ", lang) + o.gpu_name + " — " +
               text::render(o.reason, lang) + ".";
    }
    const Option& o = r.options[size_t(r.recommended)];
    std::string s = (with_label ? std::string(T("Recommended: ", lang)) : std::string()) + std::to_string(o.count) +
                    " × " + o.gpu_name;
    if (o.offload && o.offload->moves_weights())
        s += " + " + text::with_unit(o.offload->host_weights_gb, 1, "GB", lang) + " " + T("in host RAM", lang);
    s += ", " + text::count_of(o.servers, 0, "server", lang) + ", " + task_figure(r, o, lang) + workload_text(o, lang);
    if (is_train(r) && o.cost_total) s += ", " + text::money(*o.cost_total, r.currency, lang) + " " + T("per run", lang);
    if (o.cost_per_hour) s += ", " + text::money_per_hour(*o.cost_per_hour, r.currency, lang);
    if (r.horizon_days > 0) s += "; " + text::render(Message(code::plan_horizon).num("days", r.horizon_days), lang);
    return s + ".";
}

std::string model_text(const Result& r, Lang lang) {
    if (r.state.task == Task::other) return dash();
    // A named custom model (an imported config.json) keeps its name, marked as the link's own; one
    // whose name the engine did not use (custom_model.hpp: check_custom_model) is just a custom model.
    if (r.model.custom)
        return r.model.name == kUnnamedCustomModel ? T("Custom model", lang)
                                                   : r.model.name + " (" + T("Custom model", lang) + ")";
    if (!r.model_found) return r.state.model;
    return r.model.name == r.model.id || r.model.name.empty() ? r.model.id : r.model.name + " (" + r.model.id + ")";
}

// The request's shape (engine/workload.hpp), where it departs from one prompt and one answer.
template <class Add> void workload_inputs(const State& s, Lang lang, Add&& add) {
    auto n = [lang](double v, int d) { return text::number(v, d, lang); };
    if (s.prefix > 0) add("Prompt share in the prefix cache, %", n(s.prefix * 100, 0));
    if (s.turns > 1) {
        add("Turns per session", n(s.turns, 0));
        add("New tokens per turn", n(s.grow, 0));
        add("Seconds between turns", n(s.gap, 1));
    }
    if (s.fanout > 1) add("Requests per turn (sub-agents)", n(s.fanout, 0));
    if (s.spec > 0) add("Draft tokens per step", n(s.spec, 0));
    const double thinking = answer_tokens(s) - std::max(1.0, s.out);
    if (thinking > 0) add("Thinking tokens per answer", n(thinking, 0));
    if (s.loras > 0) add("LoRA adapters served", n(s.loras, 0) + " × r" + n(s.lora_rank, 0));
}

// The key inputs of the state, as "label: value" pairs in the language.
std::vector<std::pair<std::string, std::string>> inputs(const Result& r, Lang lang) {
    const State& s = r.state;
    auto n = [lang](double v, int d) { return text::number(v, d, lang); };
    std::vector<std::pair<std::string, std::string>> in;
    auto add = [&](const char* label, const std::string& v) { in.emplace_back(T(label, lang), v); };
    if (s.task == Task::infer && s.use == Use::asr) {
        add("Recorded audio, hours per day", n(s.audio_h, 1));
        add("Live audio streams", n(s.streams, 0));
        add("Growth reserve, %", n(s.growth, 0));
    } else if (s.task == Task::infer && s.use == Use::embed) {
        add("Passages in the knowledge base", text::compact(s.docs, 1, lang));
        add("Tokens per passage", n(s.doc_tokens, 0));
        add("Search queries per second", n(s.qps, 0));
        add("Vector index", text::with_unit(r.vector_index_gb, 1, "GB", lang));
        add("Growth reserve, %", n(s.growth, 0));
    } else if (s.task == Task::infer) {
        add("Weight format", std::string(weight_format_info(r.weight_format).label));
        add("Context per request, tokens", n(s.ctx, 0));
        add("Average prompt, tokens", n(s.in, 0));
        add("Average answer, tokens", n(s.out, 0));
        if (s.rps > 0) {  // sized for a request rate (slo.hpp): the rate's inputs, not users
            add("Requests per second", n(s.rps, 2));
            add("Targets hold at", n(s.pct, 1) + " %");
            add("Burstiness (1 = random arrivals)", n(s.burst, 1));
            add("Length spread", n(s.spread, 1));
            add("Spare replicas", n(s.spare, 0));
        } else {
            add("Concurrent users", n(s.users, 0));
        }
        add("Target speed per user, tokens/s", n(s.tps, 1));
        add("Target time to first token, s", n(s.ttft, 1));
        add(s.rps > 0 ? "Growth reserve, % more requests" : "Growth reserve, % more users", n(s.growth, 0));
        workload_inputs(s, lang, add);
        if (s.offload) {
            const std::string type = s.ram_gbs ? text::with_unit(*s.ram_gbs, 1, "GB/s", lang)
                                               : s.ddr == HostRam::ddr5 ? "DDR5-5600" : "DDR4-3200";
            add("Host RAM, GB", n(s.ram, 0) + " (" + type + ")");
        }
    } else if (is_train(r)) {
        if (s.gpuh) {
            add("Compute budget, GPU-hours", text::compact(*s.gpuh, 2, lang) + " × " + s.gpuh_gpu);
            add("Tokens the budget buys", text::compact(r.tokens, 1, lang));
        } else {
            add("Dataset tokens", text::compact(effective_tokens(s), 1, lang));
        }
        if (s.task == Task::tune) add("Epochs", n(s.epochs, 1));
        if (s.task == Task::tune && s.method != TuneMethod::full) add("LoRA rank", n(s.rank, 0));
        add("Sequence length", n(s.seq, 0));
        add("Micro-batch per GPU", n(s.batch, 0));
        add(s.task == Task::tune ? "Trainer" : "Framework", T(trainer_label(s), lang));
        if (s.task == Task::tune && s.trainer != Trainer::nemo) add("Optimizer", T(optimizer_label(s.optim), lang));
        add("Hardware efficiency (MFU), %", n((r.mfu > 0 ? r.mfu : effective_mfu(s)) * 100, 0));
        add("Goodput (share of GPU-hours at steady speed), %", n(effective_goodput(s) * 100, 0));
        add("Deadline", s.days ? text::duration_hours(*s.days * 24, lang) : dash());
    } else {
        add("Memory the scene / batch needs, GB", n(s.vram, 1));
        if (s.use == Use::transcode) {
            add("Concurrent streams", n(s.streams, 0));
            add("Resolution", std::string(key_of(s.res)));
            add("Codec", std::string(key_of(s.codec)));
        }
    }
    add("Fix the GPU count", s.n ? n(*s.n, 0) : dash());
    add("Memory reserve, %", n(s.reserve, 0));
    return in;
}

struct Context {
    std::string title, task, model, inputs, link, recommendation, currency;
    std::string link_note;  // a bare fragment says where it goes
};

Context context(const Result& r, Lang lang, const std::string& base_url) {
    Context c;
    c.title = std::string("gpusizer — ") + T("GPU sizing calculator: which GPUs, how many, how fast, how much", lang);
    c.task = text::task_name(r.state, lang);
    c.model = model_text(r, lang);
    for (const auto& [label, value] : inputs(r, lang)) c.inputs += (c.inputs.empty() ? "" : "; ") + label + ": " + value;
    c.link = page_link(base_url, encode_link(r.state), lang);
    if (base_url.empty()) c.link_note = std::string(" (") + T("append it to the calculator's address", lang) + ")";
    c.recommendation = sentence(r, lang, false);
    c.currency = r.currency;
    return c;
}

std::string pad(std::string s, size_t width) {
    size_t cps = 0;  // width in code points, so Cyrillic lines up too
    for (unsigned char ch : s) cps += (ch & 0xC0) != 0x80;
    while (cps++ < width) s += ' ';
    return s;
}

}  // namespace

// A spreadsheet runs a cell that starts with = + - @ (or tab / CR before them) as a formula:
// such a cell gets a leading apostrophe, which spreadsheets show as text.
std::string csv_cell(const std::string& cell) {
    const std::string v = text::drop_hidden_chars(cell);  // a zero-width space must not hide a formula
    const bool formula = !v.empty() && std::string_view("=+-@\t\r").find(v[0]) != std::string_view::npos;
    std::string out = formula ? "\"'" : "\"";
    for (char ch : v) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

// One Markdown table cell or list item: no column break, no line break, no HTML, and no Markdown of
// its own: a name such as "[Order here](https://…)" or "![](https://…)" stays text, not a link or an
// image (CommonMark's backslash escapes), and invisible or bidi characters are dropped.
std::string md_cell(const std::string& v) {
    std::string out;
    for (char ch : text::drop_hidden_chars(v)) {
        switch (ch) {
            case '|': out += "\\|"; break;
            case '\n': case '\r': out += ' '; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '\\': case '`': case '*': case '_': case '[': case ']': case '~':
                out += '\\';
                out += ch;
                break;
            default: out += ch;
        }
    }
    return out;
}

std::string strip_controls(std::string_view v, bool keep_layout) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(v[i]);
        if (keep_layout && (c == '\n' || c == '\t')) out += char(c);
        else if (c < 0x20 || c == 0x7f) continue;
        // C1 controls (some terminals act on them too), bidi controls and invisible characters.
        else if (const std::size_t n = text::hidden_char_length(v, i)) i += n - 1;
        else out += char(c);
    }
    return out;
}

namespace {

// A Markdown link to a published run's source; its label alone when the address is not http(s) or
// has a character that would end the link or the line (the bundled sources have none).
std::string md_link(const std::string& label, const std::string& url) {
    const bool web = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0;
    if (!web || url.find_first_of(" ()<>|\r\n") != std::string::npos) return md_cell(label);
    std::string text;
    for (char ch : md_cell(label)) text += ch == '[' || ch == ']' ? std::string("\\") + ch : std::string(1, ch);
    return "[" + text + "](" + url + ")";
}

// The export's own link: a whole URL as an autolink (<…>, which Markdown keeps verbatim, & and all),
// a fragment as code.
std::string md_link_text(const std::string& link) {
    const bool web = link.rfind("https://", 0) == 0 || link.rfind("http://", 0) == 0;
    if (web && link.find_first_of(" <>\r\n`") == std::string::npos) return "<" + link + ">";
    std::string code;
    for (char ch : link) if (ch != '`' && ch != '\n' && ch != '\r') code += ch;
    return "`" + code + "`";
}

// The "Accuracy" section of each export: every estimated figure of the recommended option, its
// band and the nearest published run (report/accuracy_text.hpp).
std::string accuracy_text(const Result& r, Lang lang) {
    const auto lines = accuracy_lines(r, lang);
    if (lines.empty()) return {};
    std::string s = "\n" + std::string(T("Accuracy", lang)) + "\n" + accuracy_note(lang) + "\n";
    for (const AccuracyLine& l : lines) {
        s += "- " + l.label + ": " + l.band + "\n";
        if (!l.nearest.empty()) s += "  " + l.nearest + " " + l.url + "\n";
    }
    return s;
}

std::string accuracy_markdown(const Result& r, Lang lang) {
    const auto lines = accuracy_lines(r, lang);
    if (lines.empty()) return {};
    std::string s = "\n## " + std::string(T("Accuracy", lang)) + "\n\n" + md_cell(accuracy_note(lang)) + "\n\n";
    for (const AccuracyLine& l : lines) {
        s += "- **" + md_cell(l.label) + "**: " + md_cell(l.band);
        if (!l.nearest.empty()) s += "; " + md_link(l.nearest, l.url);
        s += "\n";
    }
    return s;
}

// CSV: a block of its own after the options, a blank line before it: a title row with the note,
// a header row, then one row per figure. No cell starts with a sign (csv_cell would defuse it).
std::string accuracy_csv(const Result& r, Lang lang) {
    const auto lines = accuracy_lines(r, lang);
    if (lines.empty()) return {};
    std::string s = "\n" + csv_cell(T("Accuracy", lang)) + "," + csv_cell(accuracy_note(lang)) + "\n";
    const char* const head[] = {"Figure", "Accuracy", "Median error, %", "Published runs", "Nearest published run",
                                "Source"};
    for (size_t i = 0; i < std::size(head); ++i)
        s += csv_cell(T(head[i], lang)) + (i + 1 < std::size(head) ? "," : "\n");
    for (const AccuracyLine& l : lines) {
        const FamilyBand& b = *l.numbers.band;
        const bool checked = b.n_checks > 0;
        s += csv_cell(l.label) + "," + csv_cell(l.band) + "," +
             csv_cell(checked ? text::number(b.median_abs_error_pct, 1, lang) : dash()) + "," +
             csv_cell(text::number(b.n_checks, 0, lang)) + "," +
             csv_cell(l.nearest.empty() ? dash() : l.nearest) + "," + csv_cell(l.url) + "\n";
    }
    return s;
}

}  // namespace

std::string result_table(const Result& r, const std::vector<Warning>& extra, Lang lang, const std::string& base_url) {
    const Context c = context(r, lang, base_url);
    std::string s = c.title + "\n";
    s += std::string(T("Task", lang)) + ": " + c.task + "\n" + T("Model", lang) + ": " + c.model + "\n";
    s += std::string(T("Inputs", lang)) + ": " + c.inputs + "\n" + T("Link: ", lang) + c.link + c.link_note + "\n";
    s += std::string(T("Currency", lang)) + ": " + c.currency + "\n";
    s += std::string(T("Recommended configuration", lang)) + ": " + c.recommendation + "\n";
    for (const auto* list : {&extra, &r.warnings})
        for (const auto& w : *list) s += std::string(T("warning: ", lang)) + text::render(w, lang) + "\n";
    for (const Advice& a : r.advice) s += std::string(T("Why this answer", lang)) + ": " + advice_text(a, lang, base_url) + "\n";
    if (r.model_found && r.state.task != Task::other)
        s += std::string(T("Memory of one replica before splitting: ", lang)) + text::with_unit(r.memory.total().gb(), 1, "GB", lang) +
             "  (" + T("range", lang) + " " + text::number(r.memory_total_gb.low, 1, lang) + "–" +
             text::number(r.memory_total_gb.high, 1, lang) + ")\n";
    if (r.flops > 0) s += std::string(T("Compute: ", lang)) + text::sci(r.flops, 3, lang) + " FLOPs\n";
    const auto cols = result_columns(r, lang, in_export);
    std::vector<size_t> widths;
    for (size_t i = 0; i < cols.size(); ++i) widths.push_back(i == 0 ? 34 : i + 1 == cols.size() ? 0 : 11);
    s += "\n";
    for (size_t i = 0; i < cols.size(); ++i) s += pad(cols[i].header, widths[i]) + (i + 1 < cols.size() ? " " : "\n");
    for (const auto& o : r.options)
        for (size_t i = 0; i < cols.size(); ++i) {
            std::string v = cols[i].cell(o);
            if (i == 0 && v.size() > 33) v = v.substr(0, 33);
            s += pad(v, widths[i]) + (i + 1 < cols.size() ? " " : "\n");
        }
    if (r.recommended >= 0) {
        // A command that starts with its comment lines goes under the label, from the line's start.
        const std::string command = text::command_text(r.options[size_t(r.recommended)].command, lang);
        std::string label = T("recommended: ", lang);
        if (command.rfind("# ", 0) == 0) label.back() = '\n';
        s += "\n" + label + command + "\n";
    }
    return s + accuracy_text(r, lang);
}

std::string result_markdown(const Result& r, Lang lang, const std::string& base_url) {
    const Context c = context(r, lang, base_url);
    std::string s = "# " + c.title + "\n\n";
    s += "- **" + std::string(T("Task", lang)) + "**: " + md_cell(c.task) + "\n";
    s += "- **" + std::string(T("Model", lang)) + "**: " + md_cell(c.model) + "\n";
    s += "- **" + std::string(T("Inputs", lang)) + "**: " + md_cell(c.inputs) + "\n";
    s += "- **" + std::string(T("Link", lang)) + "**: " + md_link_text(c.link) + md_cell(c.link_note) + "\n";
    s += "- **" + std::string(T("Recommended configuration", lang)) + "**: " + md_cell(c.recommendation) + "\n";
    s += "- **" + std::string(T("Currency", lang)) + "**: " + md_cell(c.currency) + "\n";
    for (const Advice& a : r.advice)
        s += "- **" + std::string(T("Why this answer", lang)) + "**: " + md_cell(advice_text(a, lang, base_url)) + "\n";
    s += "\n";
    const auto cols = result_columns(r, lang, in_export);
    std::string head = "|", rule = "|";
    for (const auto& col : cols) { head += " " + md_cell(col.header) + " |"; rule += "---|"; }
    s += head + "\n" + rule + "\n";
    for (const auto& o : r.options) {
        s += "|";
        for (const auto& col : cols) s += " " + md_cell(col.cell(o)) + " |";
        s += "\n";
    }
    return s + accuracy_markdown(r, lang);
}

std::string result_csv(const Result& r, Lang lang, const std::string& base_url) {
    const Context c = context(r, lang, base_url);
    std::string s;
    for (const auto& [k, v] :
         std::vector<std::pair<std::string, std::string>>{{"gpusizer", c.title},
                                                          {T("Task", lang), c.task},
                                                          {T("Model", lang), c.model},
                                                          {T("Inputs", lang), c.inputs},
                                                          {T("Link", lang), c.link + c.link_note},
                                                          {T("Recommended configuration", lang), c.recommendation},
                                                          {T("Currency", lang), c.currency}})
        s += csv_cell(k) + "," + csv_cell(v) + "\n";
    for (const Advice& a : r.advice)
        s += csv_cell(T("Why this answer", lang)) + "," + csv_cell(advice_text(a, lang, base_url)) + "\n";
    s += "\n";
    const auto cols = result_columns(r, lang, in_export);
    for (size_t i = 0; i < cols.size(); ++i) s += csv_cell(cols[i].header) + (i + 1 < cols.size() ? "," : "\n");
    for (const auto& o : r.options)
        for (size_t i = 0; i < cols.size(); ++i) s += csv_cell(cols[i].cell(o)) + (i + 1 < cols.size() ? "," : "\n");
    return s + accuracy_csv(r, lang);
}

Summary summarize(const Result& r, Lang lang) {
    Summary out;
    out.sentence = sentence(r, lang);
    const auto cols = result_columns(r, lang, in_summary);
    for (const auto& c : cols) out.columns.push_back(c.header);
    std::set<std::string> seen;
    for (const auto& o : r.options) {
        if (!seen.insert(o.gpu_id).second) continue;  // first (best-ranked) option of each GPU
        std::vector<std::string> row;
        for (const auto& c : cols) row.push_back(c.cell(o));
        out.rows.push_back(std::move(row));
    }
    out.accuracy_title = T("How right are these figures", lang);
    out.accuracy = accuracy_groups(accuracy_lines(r, lang));
    return out;
}

std::string page_link(const std::string& base_url, const std::string& fragment, Lang lang) {
    if (base_url.empty()) return "#" + fragment;
    // The base is the page's address without its query or fragment; a given query is kept.
    std::string base = base_url.substr(0, base_url.find('#'));
    if (lang == Lang::ru && base.find("lang=") == std::string::npos)
        base += std::string(base.find('?') == std::string::npos ? "?" : "&") + "lang=ru";
    return base + "#" + fragment;
}

namespace {

// Lower-case letters and digits; anything else one '-', none at either end; at most `max` characters.
std::string slug(const std::string& v, size_t max) {
    std::string out;
    for (unsigned char ch : v) {
        const char c = char(std::tolower(ch));
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    if (out.size() > max) out.resize(max);
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

}  // namespace

std::string export_file_name(const Result& r, const std::string& ext) {
    // The model's id without its organisation ("Qwen/Qwen3-8B" -> "qwen3-8b"); a custom model its name.
    std::string model = r.model.custom ? r.model.name : r.state.model;
    if (const auto at = model.rfind('/'); at != std::string::npos) model = model.substr(at + 1);
    const bool training = r.state.task == Task::tune || r.state.task == Task::train;
    const std::string task(training ? key_of(r.state.task) : key_of(r.state.use));
    std::string name = "gpusizer";
    for (const std::string& part : {r.state.task == Task::other ? std::string() : slug(model, 40), slug(task, 20)})
        if (!part.empty()) name += "-" + part;
    const Option* o = r.recommended >= 0 ? &r.options[size_t(r.recommended)] : nullptr;
    if (o && o->count > 0) name += "-" + slug(o->gpu_id, 40) + "x" + std::to_string(o->count);
    return name + "." + ext;
}

}  // namespace gpusizer
