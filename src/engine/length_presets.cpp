// The traces behind engine/length_presets.hpp. "Computed" figures are the mean and the population
// standard deviation over every row of the file the trace's owner publishes (the owners print only
// the rows or a CDF); nothing is sampled or estimated.
#include "engine/length_presets.hpp"

#include "engine/codes.hpp"

namespace gpusizer {
namespace {

constexpr LengthPreset kPresets[] = {
    // Azure LLM inference trace 2023 (the data of Splitwise, ISCA 2024), conversation service: 19,366
    // requests; prompts mean 1,154.7, std 1,108.8 (p50 1,020, p99 4,142); answers mean 211.1, std 162.9.
    {"chat", code::term_len_chat, code::term_len_basis_chat, 1155, 211, 0.96,
     "https://github.com/Azure/AzurePublicDataset/blob/master/data/AzureLLMInferenceTrace_conv.csv"},
    // No request trace of RAG traffic is published. NVIDIA's NIM benchmarking guide: "Summarization
    // (retrieval, chain-of-thought, multi-turn chat): ISL near 1,000 tokens, OSL near 100 tokens."
    {"rag", code::term_len_rag, code::term_len_basis_rag, 1000, 100, 0,
     "https://docs.nvidia.com/nim/benchmarking/llm/latest/parameters.html"},
    // Azure LLM inference trace 2023, coding service (completions): 8,819 requests; prompts mean
    // 2,047.8, std 1,973.8 (p50 1,469, p99 7,436); answers mean 27.9, std 59.9 (p50 13).
    {"code", code::term_len_code, code::term_len_basis_code, 2048, 28, 0.96,
     "https://github.com/Azure/AzurePublicDataset/blob/master/data/AzureLLMInferenceTrace_code.csv"},
    // arXiv papers to abstracts as Microsoft's Vidur simulator packs them (Llama 2 tokenizer, requests
    // over ~4,096 tokens removed): 28,257 requests; prompts mean 2,588.1, std 944.7; answers mean 291.4.
    {"summ", code::term_len_summ, code::term_len_basis_summ, 2588, 291, 0.37,
     "https://github.com/microsoft/vidur/blob/main/data/processed_traces/"
     "arxiv_summarization_stats_llama2_tokenizer_filtered_v2.csv"},
};

}  // namespace

const LengthPreset* length_presets(std::size_t* count) {
    *count = sizeof(kPresets) / sizeof(kPresets[0]);
    return kPresets;
}

}  // namespace gpusizer
