// Which fitting layouts a buyer would actually rent. The arithmetic can always add GPUs; a buyer
// cannot always rent them. A layout is impractical when
//  * it spans more than kConsumerServersMax servers of consumer cards (GeForce), however the job
//    is split: providers rent those a server at a time, with no datacenter fabric between the
//    servers, and NVIDIA's GeForce driver licence does not cover datacenter deployment; nobody
//    builds a cluster of them for one job (48 × RTX 4090 = 6 servers is not a plan a buyer rents);
//  * one copy of the model (TP × PP for serving; the sharded group for training) spans more than
//    kPcieReplicaServersMax servers of a GPU without NVLink across its server: every step crosses the network;
//  * it needs more than kServerRatioMax times the servers of the leanest practical fit for the
//    same job (and at least kServerSlack more): a buyer would rent the lean one.
// Impractical fits stay in the list, ranked after practical ones, with the reason as a warning;
// a pinned count (`n=`) is the buyer's own choice and is only warned about.
#include <algorithm>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr int kConsumerServersMax = 2;
constexpr int kPcieReplicaServersMax = 2;
constexpr int kServerRatioMax = 8;
constexpr int kServerSlack = 2;

// GPUs that hold one copy of the model between them.
int model_group(const Option& o, Task task) {
    if (task == Task::infer) return o.tp * o.pp;
    if (task == Task::tune || task == Task::train) return o.zero >= 3 ? o.count : o.tp * o.pp;
    return 1;
}

void flag(Option& o, Message why, bool pinned) {
    o.practical = pinned;  // a pinned count is the buyer's choice: said, not demoted
    o.warnings.insert(o.warnings.begin(), std::move(why));
}

}  // namespace

void mark_impractical(const Catalog& catalog, const State& s, std::vector<Option>& options) {
    const Task task = s.task;
    const bool pinned = s.n.has_value();
    for (Option& o : options) {
        if (!o.fits) continue;
        const GpuSpec* g = catalog.find_gpu(o.gpu_id);
        if (!g) continue;
        if (g->segment == "consumer" && o.servers > kConsumerServersMax) {
            flag(o, Message(code::practical_consumer_cards).num("count", o.count).num("servers", o.servers)
                        .num("max", kConsumerServersMax), pinned);
            continue;
        }
        const int group = model_group(o, task);
        const int group_servers = servers_for_gpus(group, g->max_server_size());
        // Bridged pairs (RTX A6000, H100 NVL) do not join a server: between pairs it is PCIe too.
        if (group > 1 && group_servers > kPcieReplicaServersMax && !nvlink_within(*g, g->max_server_size()))
            flag(o, Message(code::practical_replica_servers).num("servers", group_servers).num("gpus", group), pinned);
    }
    const Option* lean = nullptr;
    for (const Option& o : options)
        if (o.fits && o.practical && (!lean || o.servers < lean->servers)) lean = &o;
    if (!lean) return;
    const int limit = std::max(lean->servers * kServerRatioMax, lean->servers + kServerSlack);
    const std::string lean_name = lean->gpu_name;
    const int lean_servers = lean->servers, lean_count = lean->count;
    for (Option& o : options)
        if (o.fits && o.practical && o.servers > limit && !pinned)
            flag(o, Message(code::practical_many_servers).num("servers", o.servers).num("lean", lean_servers)
                        .num("lean_count", lean_count).str("lean_gpu", lean_name), pinned);
}

}  // namespace gpusizer
