// The provider overlay: a provider file ("mode": "extend") over a base catalog — GPUs and models
// added or overridden by id (partially), prices, currency and exchange rates, order links, hidden
// entries. A "replace" file is a whole catalog (catalog_json.cpp reads it). On any error the base
// stays as it was.
#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "catalog/catalog_detail.hpp"

namespace gpusizer {
namespace {

using namespace catalog_detail;

// "gpus" / "models" of a provider file: override by id (partial), or add (complete).
template <class T, class ReadFn>
void merge_list(const json& root, const char* list, std::vector<T>& items, const std::string& file,
                std::vector<CatalogError>& errors, ReadFn read) {
    auto it = root.find(list);
    if (it == root.end()) return;
    if (!it->is_array()) { errors.push_back({file, "", list, "expected an array"}); return; }
    if (!within_count(*it, list, file, errors)) return;
    auto index = index_by_id(items);
    std::size_t n = 0;
    for (const auto& e : *it) {
        const std::string name = entry_name(list, e, n++);
        if (!e.is_object()) { errors.push_back({file, name, "", "expected an object"}); continue; }
        Reader r(e, file, name, errors);
        const std::string id = r.id("id", true);
        if (id.empty()) continue;
        auto [pos, added] = index.emplace(id, items.size());
        if (added) items.emplace_back();
        T& item = items[pos->second];
        const std::size_t before = errors.size();
        read(r, item, !added);
        // The merged entry, as the engine will see it (an override can break a derived rule).
        if (errors.size() == before) check_envelope(item, file, name, errors);
    }
}

void apply_prices(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto prices = top.find("prices");
    if (prices == top.end()) return;
    if (!prices->is_object()) { errors.push_back({file, "", "prices", "expected an object {gpu id: price per GPU-hour}"}); return; }
    if (!within_count(*prices, "prices", file, errors)) return;
    const auto index = index_by_id(c.gpus);
    for (auto p = prices->begin(); p != prices->end(); ++p) {
        auto g = index.find(p.key());
        if (g == index.end()) { errors.push_back({file, "prices", p.key(), "unknown GPU id"}); continue; }
        const double v = p.value().is_number() ? p.value().get<double>() : -1;
        if (!(v >= 0 && v <= kPriceMax)) { errors.push_back({file, "prices", p.key(), "expected a price 0–1e+06"}); continue; }
        c.gpus[g->second].price = Price{v, c.currency, "provider price list (" + file + ")", c.version, std::nullopt};
        c.gpus[g->second].price_unknown_reason.clear();
    }
}

// "rates": {"USD": 92.5} = 92.5 units of the file's currency per US dollar. Prices in a named
// currency are converted and marked as converted; a price in a currency without a rate stays
// as it is, and the engine shows that GPU without a price in the file's currency.
void apply_rates(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto rates = top.find("rates");
    if (rates == top.end()) return;
    if (!rates->is_object()) {
        errors.push_back({file, "", "rates", "expected an object {currency: units of " + c.currency + " per unit}"});
        return;
    }
    if (!within_count(*rates, "rates", file, errors)) return;
    std::unordered_map<std::string, double> rate;
    for (auto x = rates->begin(); x != rates->end(); ++x) {
        const double v = x.value().is_number() ? x.value().get<double>() : -1;
        if (!valid_currency(x.key())) errors.push_back({file, "rates", x.key(), "expected a three-letter currency code A-Z"});
        else if (x.key() == c.currency) errors.push_back({file, "rates", x.key(), "is the file's own currency"});
        else if (!(v >= 1e-6 && v <= 1e6)) errors.push_back({file, "rates", x.key(), "expected a rate 1e-06–1e+06"});
        else rate[x.key()] = v;
    }
    // A converted price is held to the envelope of a price (0–1e6 per GPU-hour): a rate that would push
    // one past it is refused with the first such GPU named, and nothing is converted at it.
    for (const auto& g : c.gpus) {
        auto r = !g.price || g.price->currency == c.currency ? rate.end() : rate.find(g.price->currency);
        if (r == rate.end() || g.price->per_gpu_hour * r->second <= kPriceMax) continue;
        char buf[320];
        std::snprintf(buf, sizeof buf, "converts %s's %g %s to %g %s per GPU-hour, above the %g limit", g.id.c_str(),
                      g.price->per_gpu_hour, r->first.c_str(), g.price->per_gpu_hour * r->second, c.currency.c_str(),
                      kPriceMax);
        errors.push_back({file, "rates", r->first, buf});
        rate.erase(r);
    }
    for (auto& g : c.gpus) {
        if (!g.price || g.price->currency == c.currency) continue;
        auto r = rate.find(g.price->currency);
        if (r == rate.end()) continue;
        Price& p = *g.price;
        p.converted = PriceConversion{p.per_gpu_hour, p.currency, r->second};
        p.per_gpu_hour *= r->second;
        p.currency = c.currency;
    }
}

// "only_priced": true keeps just the GPUs the page can price in its currency.
void apply_only_priced(Reader& top, Catalog& c) {
    if (!top.boolean("only_priced", false)) return;
    auto unpriced = [&c](const GpuSpec& g) { return !g.price || g.price->currency != c.currency; };
    c.gpus.erase(std::remove_if(c.gpus.begin(), c.gpus.end(), unpriced), c.gpus.end());
    if (c.gpus.empty()) top.error("only_priced", "no GPU has a price in " + c.currency);
}

void apply_order_urls(const json& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    auto urls = top.find("order_urls");
    if (urls == top.end()) return;
    if (!urls->is_object()) { errors.push_back({file, "", "order_urls", "expected an object {gpu id: url}"}); return; }
    if (!within_count(*urls, "order_urls", file, errors)) return;
    const auto index = index_by_id(c.gpus);
    for (auto u = urls->begin(); u != urls->end(); ++u) {
        auto g = index.find(u.key());
        const std::string url = u.value().is_string() ? u.value().get<std::string>() : "";
        if (g == index.end()) errors.push_back({file, "order_urls", u.key(), "unknown GPU id"});
        else if (!valid_order_url(url)) errors.push_back({file, "order_urls", u.key(), kOrderUrlRule});
        else c.gpus[g->second].order_url = url;
    }
}

void apply_hide(Reader& top, Catalog& c, const std::string& file, std::vector<CatalogError>& errors) {
    if (const json* h = top.find("hide"); h && h->is_array() && !within_count(*h, "hide", file, errors)) return;
    const std::vector<std::string> ids = top.strings("hide");
    const std::unordered_set<std::string> hidden(ids.begin(), ids.end());
    std::unordered_set<std::string> found;
    auto hide = [&](const auto& x) {
        if (!hidden.count(x.id)) return false;
        found.insert(x.id);
        return true;
    };
    c.gpus.erase(std::remove_if(c.gpus.begin(), c.gpus.end(), hide), c.gpus.end());
    c.models.erase(std::remove_if(c.models.begin(), c.models.end(), hide), c.models.end());
    for (const std::string& id : ids)
        if (!found.count(id)) errors.push_back({file, "hide", id, "unknown id"});
}

}  // namespace

CatalogLoad apply_provider_catalog(const Catalog& base, std::string_view text, const std::string& file) {
    CatalogLoad out;
    auto root = parse(text, file, out.errors);
    if (!root) { out.catalog = base; return out; }
    Reader top(*root, file, "", out.errors);
    const std::string mode = top.string("mode", false, "extend");
    if (mode == "replace") {
        out = load_catalog(text, file);
        if (!out.ok) out.catalog = base;
        return out;
    }
    if (mode != "extend") top.error("mode", "expected 'extend' or 'replace', got '" + mode + "'");
    Catalog c = base;
    if (top.has("schema") && top.integer("schema", false, 1, 1000, 1) != 1) top.error("schema", "this calculator reads schema 1");
    if (top.has("currency")) read_currency(top, c.currency);
    if (top.has("catalog_version")) c.version = base.version + "+" + top.string("catalog_version", false, "", limits::kNameChars);
    merge_list(*root, "gpus", c.gpus, file, out.errors, [](Reader& r, GpuSpec& g, bool partial) { read_gpu(r, g, partial); });
    merge_list(*root, "models", c.models, file, out.errors, [](Reader& r, ModelSpec& m, bool partial) { read_model(r, m, partial); });
    apply_prices(*root, c, file, out.errors);
    settle_currencies(c.gpus, c.currency);
    apply_rates(*root, c, file, out.errors);
    apply_order_urls(*root, c, file, out.errors);
    apply_hide(top, c, file, out.errors);
    apply_only_priced(top, c);
    if (c.gpus.empty()) top.error("hide", "hides every GPU");
    read_aliases(*root, file, out.errors, c);
    cap_errors(out.errors, file);
    out.ok = out.errors.empty();
    out.catalog = out.ok ? std::move(c) : base;
    return out;
}

}  // namespace gpusizer
