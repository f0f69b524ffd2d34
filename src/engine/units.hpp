// Units used everywhere in the engine. Decided once:
//   * memory is counted in bytes, held in a double (wasm32 has a 32-bit size_t;
//     a double holds every byte count below 2^53 exactly, far beyond any cluster);
//   * GB  = 10^9 bytes  (what the CLI prints and what Hugging Face file listings use);
//   * GiB = 2^30 bytes  (what GPU datasheets mean by "80 GB": HBM/GDDR is binary-sized);
//   * bandwidth in bytes/s, compute in FLOP/s (TFLOPS = 10^12).
#pragma once

namespace gpusizer {

constexpr double kBytesPerGB = 1e9;
constexpr double kBytesPerGiB = 1073741824.0;
constexpr double kFlopsPerTflop = 1e12;
constexpr double kSecondsPerHour = 3600.0;
constexpr double kHoursPerMonth = 730.0;  // 8760 h / 12

// A byte count with its unit in the type, so GB and GiB cannot be mixed up.
struct Bytes {
    double value = 0.0;

    static constexpr Bytes from_gb(double gb) { return Bytes{gb * kBytesPerGB}; }
    static constexpr Bytes from_gib(double gib) { return Bytes{gib * kBytesPerGiB}; }
    constexpr double gb() const { return value / kBytesPerGB; }
    constexpr double gib() const { return value / kBytesPerGiB; }

    constexpr Bytes operator+(Bytes o) const { return Bytes{value + o.value}; }
    constexpr Bytes operator-(Bytes o) const { return Bytes{value - o.value}; }
    constexpr Bytes operator*(double k) const { return Bytes{value * k}; }
    constexpr Bytes operator/(double k) const { return Bytes{value / k}; }
    Bytes& operator+=(Bytes o) { value += o.value; return *this; }
    constexpr bool operator<(Bytes o) const { return value < o.value; }
    constexpr bool operator<=(Bytes o) const { return value <= o.value; }
    constexpr bool operator>(Bytes o) const { return value > o.value; }
};

// A headline figure with its low-high range from the stated uncertainty of the
// efficiency factors and overheads (low <= mid <= high in the figure's own sense).
struct Range {
    double low = 0.0;
    double mid = 0.0;
    double high = 0.0;
};

}  // namespace gpusizer
