// Русские шаблоны, по одному на код сообщения (синтаксис — в text.hpp). Единицы — по-русски
// (ГБ, с, ч, кВт·ч), технические обозначения (GPU, TP, NVLink, TFLOPS, ZeRO) — как есть.
#include "text/text.hpp"

namespace gpusizer::text {
namespace {

const TextPair kRussian[] = {
    // предупреждения движка
    {"gpu.low_bandwidth", "пропускная способность памяти {bw:0} ГБ/с — ниже {min:0} ГБ/с, рекомендуемых гайдом для ML"},
    {"train.nemo_cuda", "NeMo требует CUDA: на AMD раскладка запускается в ROCm/Megatron-LM, с MFU Megatron-LM и эффективностью ROCm"},
    {"train.optim_ignored",
     "выбор оптимизатора относится к дообучению (тренер Hugging Face или fused): {?train:предобучение}{!train:NeMo} "
     "считается с AdamW со смешанной точностью, 16 Б на параметр"},
    {"gpu.tp_over_pcie", "тензорный параллелизм по PCIe (без NVLink): all-reduce замедляет декодирование"},
    {"gpu.estimated", "часть характеристик {gpu} в каталоге — оценка"},
    {"gpu.no_nvlink_training", "обучение на нескольких GPU без NVLink: all-reduce градиентов по PCIe медленнее"},
    {"gpu.unknown", "GPU «{gpu}» нет в каталоге; показаны все GPU"},
    {"gpu.alias", "GPU «{gpu}» понят как {name} («{id}»); другие карты задаются своими id"},
    {"gpu.vendor_none", "в этом каталоге нет GPU {vendor}: считать нечего (поставьте фильтр производителя «любой»)"},
    {"gpu.rocm",
     "ПО на ROCm, а не на CUDA (сборки vLLM и PyTorch под ROCm){?applied:; учтена измеренная "
     "эффективность ROCm: пропускная способность × {bw:0} %, GEMM × {gemm:0} %}{!applied:; паспортные "
     "цифры}"},
    {"model.custom_incomplete", "для своей модели нужны параметры, слои, скрытый размер и головы; ничего не посчитано"},
    {"model.custom", "своя модель: ширина FFN принята 4·hidden, словарь неизвестен"},
    {"model.check_range", "своя модель: {key} = {value} вне диапазона {min}–{max}"},
    {"model.check_kv_heads", "своя модель: число голов ({heads:0}) должно делиться на kv_heads ({kv_heads:0})"},
    {"model.check_heads", "своя модель: kv_heads или head_dim заданы без heads"},
    {"model.check_moe_step",
     "своя модель: эксперты в каждом {step:0}-м из {layers:0} слоёв оставляют {expected:0} плотных слоёв, "
     "а не dense_layers = {dense:0}"},
    {"model.custom_implausible",
     "числа своей модели противоречат друг другу (см. выше): ничего не посчитано — "
     "импорт config.json с такими числами тоже был бы отклонён"},
    {"model.custom_params_arch",
     "своя модель: в ссылке {params_b:1} млрд параметров, а её архитектура вмещает около "
     "{arch_b:1} млрд; расчёт по числу из ссылки"},
    {"model.custom_name_taken",
     "модель в ссылке названа «{name}», но у {model} {catalog_b:1} млрд параметров, "
     "а у этой {params_b:1} млрд: она показана как своя модель и посчитана по ссылке"},
    {"model.unknown", "модели «{model}» нет в каталоге; ничего не посчитано"},
    {"model.alias", "модель «{old}» теперь называется «{new}»"},
    {"model.variant", "у «{id}» архитектура «{model}» (те же слои, размеры, головы и словарь в config.json): "
                      "посчитано как для неё"},
    {"model.estimated", "характеристики {model} в каталоге — оценка{?fields: ({fields})}"},
    {"model.incomplete", "в каталоге нет чисел архитектуры этой модели; ничего не посчитано"},
    {"model.kv_fp8_served",
     "KV-кэш {model} посчитан в {kv}: {kv_gb:1} ГБ на последовательность при {ctx:0} токенах; vLLM и SGLang хранят его "
     "в FP8 (записи по 584 байта, ключи индексатора в FP4) — примерно вдвое меньше: выберите формат KV FP8, чтобы "
     "посчитать то, что они обслуживают"},
    {"model.context_over_max",
     "контекст {asked:0} {asked:0#токен|токена|токенов} больше максимального контекста {model} "
     "({max:0} {max:0#токен|токена|токенов}): память посчитана как задано, но модель не использует "
     "токены сверх своего максимума"},
    {"model.length_fitted",
     "{?training:последовательности}{!training:контекст} в {max:0} {max:0#токен|токена|токенов} — собственный "
     "предел {model}: {asked:0} по умолчанию длиннее того, на чём модель обучена; явно заданную длину "
     "калькулятор не меняет"},
    {"load.over_context",
     "запрос в {in:0} и ответ в {out:0} {out:0#токен|токена|токенов} не помещаются в контекст запроса "
     "({ctx:0} {ctx:0#токен|токена|токенов}): KV-кэш посчитан по контексту; поднимите контекст хотя бы до {need:0}"},
    {"model.sequence_over_max",
     "длина последовательности {asked:0} {asked:0#токен|токена|токенов} больше максимального контекста "
     "{model} ({max:0} {max:0#токен|токена|токенов}): память посчитана как задано, но модель не "
     "использует токены сверх своего максимума"},
    {"assumption.nvenc",
     "допущение: ~{streams:0} {streams:0#поток|потока|потоков} 1080p30 на один движок NVENC (пресет P4), ±{spread:0} "
     "%"},
    {"budget.gpu_unknown",
     "бюджет GPU-часов указан для GPU '{gpu}', которого нет в каталоге (или у него нет тензорной "
     "производительности); взят размер датасета"},
    {"price.other_currency",
     "у {count:0} GPU цена в {other}, а в {currency} её нет: показаны без цены"
     "{?hint: (поле \"rates\" файла провайдера пересчитает их)}"},
    {"price.converted",
     "{count:0} {count:0#цена пересчитана|цены пересчитаны|цен пересчитано} из {from} по курсу {rate:4} {currency} "
     "за 1 {from} (курс из файла провайдера)"},
    {"price.more_currencies",
     "и ещё {count:0} GPU с ценой в {currencies:0} {currencies:0#другой валюте|других валютах|"
     "других валютах}{?converted:, пересчитанной в {currency} по курсам из файла провайдера}"
     "{!converted:, показаны без цены в {currency}}"},
    {"price.recommend_priced",
     "рекомендация — среди GPU с ценой в {currency}; более быстрые или компактные варианты без цены — выше в списке"},
    {"plan.sharded",
     "{count:0} {count:0#карта|карты|карт} с шардированием: {method} для {model} нужно {need:1} ГБ, "
     "у одной {gpu} доступно {have:1} ГБ"},
    {"plan.horizon",
     "рассчитано, чтобы уложиться в {days:0} {days:0#день|дня|дней} — срок по умолчанию, когда дедлайн не задан"},
    {"offload.format", "llama.cpp работает с GGUF: веса {from} как {to}"},
    {"offload.none",
     "ничего не выгружено: llama.cpp держит всю модель на этой GPU (буфер вычислений на 512 токенов, без "
     "CUDA-графов — меньше, чем замеряет vLLM); в ОЗУ хоста остаётся только таблица эмбеддингов"},
    {"offload.placed",
     "в ОЗУ хоста {?experts:эксперты {host:0} из {layers:0} {layers:0#слоя|слоёв|слоёв}}{!experts:{?host:{host:0} из "
     "{layers:0} {layers:0#слоя|слоёв|слоёв} и }"
     "выходной слой} "
     "({host_gb:1} ГБ, {?given:{gbs:0} ГБ/с}{!given:{ddr}-{mts:0}}): {share:0} % времени токена — сторона CPU"},
    // где ответ расходится со статьёй (advice.cpp), и переключатели
    {"guide.memory",
     "{lo:0}–{hi:0} ГБ в гайде для этой задачи — это 4-битные веса и несколько пользователей (его "
     "таблица ставит модели на {pmin:0}–{pmax:0} млрд параметров в {lo:0}–{hi:0} ГБ); в формате "
     "{format} и при {?rps:{users:0} {users:0#запросе|запросах|запросах} в работе ({rps} в секунду)}"
     "{!rps:{users:0} {users:0#пользователе|пользователях|пользователях}} этой задаче нужно "
     "{need:1} ГБ{?count:, отсюда {count:0} × {gpu}}.{!fits: Даже с 4-битными весами и одним "
     "пользователем {model} нужно {min_gb:1} ГБ: модель больше тех, на которые рассчитан диапазон "
     "гайда.}"},
    {"guide.gpus",
     "{gpu} нет среди GPU, которые гайд называет для этой задачи ({named}): здесь она первая по "
     "критерию «{key}».{?alt_count: Первая из названных гайдом здесь: {alt_count:0} × {alt_gpu}.}"
     "{!alt_count: Ни одна из названных им GPU не подходит для этой задачи.}"},
    {"guide.vendor",
     "Статья называет только GPU NVIDIA; {gpu} ({vendor}) здесь первая по критерию «{key}», на ROCm с "
     "его измеренной эффективностью (см. допущения).{?alt_count: Первая из NVIDIA здесь: "
     "{alt_count:0} × {alt_gpu}.}"},
    {"offload.relax",
     "Одна {gpu} с {host_gb:1} ГБ модели в ОЗУ хоста даёт {tps:1} ток/с на пользователя, первый "
     "токен за {ttft:1} с, для {served:0} {served:0#пользователя|пользователей|пользователей}; цели — "
     "{target_tps:0} ток/с и первый токен за {target_ttft:1} с для {users:0} "
     "{users:0#пользователя|пользователей|пользователей}. Выгрузка работает со скоростью ОЗУ хоста: "
     "она обслуживает одного-двух пользователей."},
    {"switch.guide_format",
     "Рассчитать как в гайде: 4-битные веса ({format}){!rps:, {users:0} "
     "{users:0#пользователь|пользователя|пользователей}}"},
    {"switch.guide_gpu", "Взять выбор гайда: {count:0} × {gpu}"},
    {"switch.vendor_nvidia", "Только GPU NVIDIA{?count: ({count:0} × {gpu})}"},
    {"switch.offload_load",
     "Рассчитать на то, что она даёт: {users:0} "
     "{users:0#пользователь|пользователя|пользователей}, {tps:1} ток/с"},
    {"switch.offload_ram", "Рассчитать с {ram:0} ГБ ОЗУ хоста"},
    {"practical.consumer_cards",
     "непрактично: {count:0} {count:0#потребительская карта|потребительские карты|потребительских карт} на {servers:0} "
     "{servers:0#сервере|серверах|серверах} (больше {max:0} на одну задачу); их арендуют "
     "по одному серверу, без сети дата-центра между серверами"},
    {"practical.replica_servers",
     "непрактично: одна копия модели занимает {servers:0} {servers:0#сервер|сервера|серверов} "
     "({gpus:0} GPU) без NVLink — каждый шаг идёт через сеть"},
    {"practical.many_servers",
     "непрактично: {servers:0} {servers:0#сервер|сервера|серверов}, тогда как {lean_count:0} × {lean_gpu} "
     "({lean:0} {lean:0#сервер|сервера|серверов}) делают ту же работу"},
    // почему не подходит
    {"reason.heads_split", "{heads:0} {heads:0#голова|головы|голов} внимания не делятся на TP {tp:0}"},
    {"reason.kv_heads_split", "{kv_heads:0} KV-{kv_heads:0#голова|головы|голов} не делятся по TP {tp:0}"},
    {"reason.layers_lt_stages", "слоёв меньше, чем стадий конвейера"},
    {"reason.no_tensor_figure", "в каталоге нет тензорной производительности"},
    {"reason.needs_memory_ctx",
     "нужно {need:1} ГБ на GPU для одной последовательности в {ctx:0} {ctx:0#токен|токена|токенов}, "
     "доступно {have:1} ГБ ({memory:1} ГБ минус резерв {reserve:0} %)"},
    {"reason.count_not_multiple", "число GPU не кратно схеме параллелизма"},
    {"reason.misses_targets",
     "не выходит на цели даже для одного пользователя: {tps:1} ток/с (цель {target_tps:0}), "
     "первый токен через {ttft:2} с (цель {target_ttft:1} с)"},
    {"reason.misses_slo",
     "не выходит на цели {pct:0}-го процентиля даже при редких запросах: "
     "{tps:1} ток/с (цель {target_tps:0}), первый токен через {ttft:2} с (цель {target_ttft:1} с)"},
    {"reason.rate_over",
     "в пределах целей {pct:0}-го процентиля несёт {max:2} запросов/с, меньше запрошенных {rps:2}"},
    {"reason.serves_fewer",
     "в рамках целей обслуживает {served:0} из {users:0} {users:0#пользователя|пользователей|пользователей}"},
    {"reason.offload_ram",
     "нужно {need:1} ГБ ОЗУ хоста ({weights:1} ГБ весов{?kv: + {kv:1} ГБ KV-кэша} + {os:0} ГБ "
     "системе), есть {have:0} ГБ"},
    {"reason.offload_gpu",
     "даже со всеми слоями в ОЗУ хоста GPU нужно {need:1} ГБ (буфер вычислений llama.cpp и память "
     "среды выполнения), доступно {have:1} ГБ"},
    {"reason.offload_split",
     "с {host:0} {host:0#слоем|слоями|слоями} на CPU GPU нужно {need:1} ГБ (веса, буфер вычислений, KV одной "
     "последовательности в {ctx:0} {ctx:0#токен|токена|токенов}), доступно {have:1} ГБ"},
    {"reason.too_slow", "слишком медленно: {tps:1} ток/с на пользователя даже для одного (цель {target:0})"},
    {"reason.ttft_too_long", "первый токен через {ttft:2} с даже для одного пользователя (цель {target:1} с)"},
    {"reason.too_many_gpus", "нужно больше {max:0} GPU"},
    {"reason.no_fit_sharded",
     "не помещается даже с шардированием на {gpus:0} GPU ({per_gpu:1} ГБ на GPU, "
     "активации {activations:1} ГБ)"},
    {"reason.needs_memory_zero3", "нужно {need:1} ГБ на GPU даже с ZeRO-3 на {gpus:0} GPU, доступно {have:1} ГБ"},
    {"reason.no_nvlink_training", "обучение на нескольких GPU без NVLink: all-reduce градиентов по PCIe"},
    {"reason.deadline", "займёт {days:1} {days:1#день|дня|дней}, а срок — {deadline:1} {deadline:1#день|дня|дней}"},
    {"reason.horizon",
     "займёт {days:1} {days:1#день|дня|дней} даже на наибольшем числе GPU — больше срока по умолчанию "
     "({horizon:0} {horizon:0#день|дня|дней})"},
    {"reason.no_graphics", "нет графического конвейера / RT-ядер для рендеринга"},
    {"reason.needs_memory", "нужно {need:1} ГБ, доступно {have:1} ГБ"},
    {"reason.scene_memory", "нужно {need:1} ГБ, доступно {have:1} ГБ (сцена не делится между GPU)"},
    {"reason.no_nvenc", "нет видеокодировщика (NVENC)"},
    {"reason.no_av1", "нет кодировщика AV1"},
    {"reason.no_fp64", "нет производительности FP64 для HPC ({fp64:2} TFLOPS)"},
    {"reason.fp64_fraction",
     "не FP64-ускоритель: FP64 {fp64:2} TFLOPS — это 1/{ratio:0} от его FP32 ({fp32:1} TFLOPS); "
     "у GPU для HPC FP64 — 1/2 от FP32, нужно не меньше 1/4"},
    {"reason.no_fp32", "в каталоге нет производительности FP32"},
    // по чему ранжируются
    {"score.fp32_tflops", "FP32, TFLOPS"},
    {"score.fp64_tflops", "FP64 (векторный), TFLOPS"},
    {"score.streams", "потоков на GPU ({res})"},
    // допущения
    {"assume.reserve", "резерв памяти: {reserve:0} % каждого GPU остаётся свободным"},
    {"assume.binary_gb", "объёмы памяти GPU двоичные (80 ГБ HBM = 80 ГиБ = 85,9 ГБ); цифры в ГБ — это 10^9 байт"},
    {"assume.decode_eff",
     "декодирование достигает {eff:0} % пропускной способности памяти (диапазон {low:0}–{high:0} %)"},
    {"assume.prefill_eff",
     "матричные умножения префилла достигают {eff:0} % пиковой dense-производительности BF16 (диапазон "
     "{low:0}–{high:0} %); в FP8 и INT8 — {lowp:0} % этой доли от своего пика, в FP4 — {fp4:0} %"},
    {"assume.serve_overhead",
     "память vLLM на GPU кроме весов и KV: пик активаций, который он замеряет при запуске (проход "
     "max_num_batched_tokens = 8192 токенов на GPU от 70 ГБ, кроме A100, и 2048 на остальных, или "
     "сэмплер на max_num_seqs = 1024 / 256 последовательностей по 20 Б на слово словаря — что больше), "
     "CUDA-графы {graphs:1} ГБ, буферы NCCL {nccl:1} ГБ при TP и {gb:1} ГБ вне PyTorch (диапазон "
     "{low:1}–{high:1}); KV выделяется блоками по 16 токенов. llama.cpp: вычислительный буфер на 512 токенов"},
    {"assume.offload",
     "частичная выгрузка (llama.cpp): ОЗУ хоста {?given:на {gbs:1} ГБ/с (задано)}{!given:{ddr}-{mts:0}, два канала, "
     "{gbs:1} ГБ/с в теории}, "
     "достигается {eff:0} % ({low:0}–{high:0} %); батчи промптов копируют веса из ОЗУ в GPU по PCIe x16 "
     "на {pcie:0} % его скорости; {switch_us:0} мкс на каждую передачу GPU–CPU; {os:0} ГБ ОЗУ оставлено системе"},
    {"assume.continuous_batching",
     "непрерывный батчинг с префиллом по частям: каждый шаг несёт следующий токен каждого "
     "идущего запроса и часть одного промпта; шаг стоит больше из чтения весов и вычислений "
     "матричных умножений, плюс чтение KV, {layer_us:0} мкс на слой (диапазон {low:0}–{high:0}) "
     "и all-reduce при TP, поэтому промпты замедляют декодирование всех"},
    {"assume.ttft_queue",
     "время до первого токена при заданной нагрузке = сервер {ms:0} мс + шаг, идущий в момент прихода, + "
     "ожидание мощности префилла (промпты приходят с частотой «пользователи / время цикла»: очередь с "
     "детерминированным обслуживанием, ожидание «загрузка × обслуживание / 2(1 − загрузка)», но не больше промптов "
     "остальных "
     "пользователей) + префилл своего промпта"},
    {"assume.kv_full_context",
     "KV-кэш рассчитан на полный контекст у каждого пользователя; нижняя граница — средний запрос + ответ"},
    {"assume.tp_in_server",
     "TP — внутри одного сервера по NVLink или PCIe; стадии конвейера добавляют память, а не скорость"},
    {"assume.mfu",
     "MFU {mfu:0} % от пиковой dense-производительности BF16{?moe: (dense {dense:0} % × {moe:2} для "
     "смеси экспертов: матрицы каждого эксперта малы, а обмен all-to-all растёт)}{?fp8:; обучение в FP8 "
     "в {fp8:2} раза быстрее на GPU с тензорными ядрами FP8 (диапазон {fp8_low:2}–{fp8_high:2})}"
     "{?lora_fp8: (LoRA на FP8-базе в fused-тренере вроде NeMo: прямые и градиентные GEMM замороженной "
     "базы идут в FP8; Hugging Face + PEFT и QLoRA ускорения не получают)} "
     "(диапазон ±{spread:0} %)"},
    {"assume.adamw",
     "AdamW со смешанной точностью: 16 байт на обучаемый параметр; ZeRO шардирует по data-parallel-рангам"},
    {"assume.adamw_bf16",
     "AdamW в чистом BF16: 8 байт на обучаемый параметр (веса, градиенты и оба момента в BF16, без мастер-копии FP32; bf16 "
     "в torchtune и LitGPT); ZeRO шардирует по data-parallel-рангам"},
    {"assume.adamw_8bit",
     "8-битный AdamW поверх весов BF16: 6 байт на обучаемый параметр (веса и градиенты BF16, моменты в 8 битах: "
     "bitsandbytes, torchao); ZeRO шардирует по data-parallel-рангам"},
    {"assume.train_overhead", "контекст CUDA и ядра {gb:1} ГБ на GPU (диапазон {low:1}–{high:1})"},
    {"assume.trainer_hf",
     "тренер: обычный Hugging Face Trainer + PEFT: полные логиты, приведённые к FP32 для функции потерь "
     "(16 Б на элемент словаря на токен), входы слоёв для чекпоинтинга хранятся на GPU"
     "{?qlora:, эмбеддинги и lm_head в FP32}; trainer=fused — для Unsloth, Liger или torchtune"},
    {"assume.trainer_fused",
     "тренер: слитая / поблочная кросс-энтропия (Unsloth, ядра Liger, torchtune): без полных логитов"
     "{?host_gb:; входы слоёв для чекпоинтинга выгружаются в память хоста ({host_gb:1} ГБ ОЗУ на GPU)}"},
    {"assume.no_ckpt",
     "без чекпоинтинга активаций: обратный проход не повторяет прямой, скорость в {speedup:2} раза выше "
     "заданной MFU (MFU дообучения установлены по запускам с чекпоинтингом, как по умолчанию в LLaMA-Factory)"},
    {"assume.trainer_nemo",
     "тренер: NVIDIA NeMo / Megatron-Bridge{?tune:: функция потерь Megatron (6 Б на элемент словаря на токен), "
     "чекпоинты на GPU}; MFU 56 % (NeMo 24.07: предобучение Llama 2 7B, 8 × H100, FP8, 16 847 токенов/с на GPU)"
     "{?qlora:; QLoRA среди запусков NeMo нет: 40 %, как у слитых тренеров}"},
    {"assume.pretrain_layout",
     "предобучение разложено так, как это сделал бы Megatron-LM: TP внутри сервера по NVLink, "
     "PP между серверами, EP для экспертов, DP с распределённым оптимизатором (ZeRO-1); "
     "глобальный батч {batch_m:0} млн токенов, {net:0} ГБ/с на GPU между серверами"},
    {"assume.perfect_scaling", "GPU-часы идеально масштабируются с числом GPU (без сбоев, перезапусков и оценки)"},
    {"assume.month_rented",
     "месяц — это {hours:0} {hours:0#час|часа|часов} аренды: GPU оплачиваются круглосуточно, загружены они или "
     "простаивают"},
    {"assume.mtok_at_load",
     "стоимость миллиона токенов = стоимость часа / выходные токены за час при заданной нагрузке "
     "({users:0} {users:0#одновременный запрос|одновременных запроса|одновременных запросов}), а не при полной "
     "загрузке"},
    {"assume.other_rules",
     "правила по фактам каталога: графика/RT-ядра, движки NVENC, производительность FP32 и FP64, память"},
    {"assume.rocm",
     "GPU AMD работают на ROCm: эффективность пропускной способности памяти × {bw:0} % и GEMM × "
     "{gemm:0} % ({gemm_low:0}–{gemm_high:0} %) от CUDA на NVIDIA, измерено одним набором тестов на "
     "обоих (Azure: копирование STREAM и лучший FP8 GEMM, MI300X против H100)"
     "{?train:; MFU, измеренный на "
     "GPU NVIDIA, на AMD умножается на ту же долю GEMM}"},
    // формулы
    {"formula.weights",
     "{params_b:2} млрд параметров × {bits:2} бит ({format}; эмбеддинги {embeddings_gb:2} ГБ) = {total_gb:1} ГБ"},
    {"formula.kv_mla",
     "латент MLA ({rank:0} + {rope:0} rope) × {layers:0} {layers:0#слой|слоя|слоёв} × {bytes:0} Б"
     "{?window: + слои со скользящим окном, не больше {window:0} {window:0#токена|токенов|токенов}}"
     "{?state_gb: + состояние линейного внимания {state_gb:2} ГБ на последовательность}"
     " = {kib:1} КиБ на токен; × {ctx:0} {ctx:0#токен|токена|токенов} × {users:0} "
     "{users:0#пользователь|пользователя|пользователей} = {total_gb:1} ГБ"},
    {"formula.kv_heads",
     "2 (K,V) × {kv_heads:0} KV-{kv_heads:0#голова|головы|голов} × {head_dim:0} × {layers:0} "
     "{layers:0#полный слой|полных слоя|полных слоёв} × {bytes:0} Б"
     "{?window: + слои со скользящим окном, не больше {window:0} {window:0#токена|токенов|токенов}}"
     "{?state_gb: + состояние линейного внимания {state_gb:2} ГБ на последовательность}"
     " = {kib:1} КиБ на токен; × {ctx:0} {ctx:0#токен|токена|токенов} × {users:0} "
     "{users:0#пользователь|пользователя|пользователей} = {total_gb:1} ГБ"},
    {"formula.activations",
     "{?llamacpp:вычислительный буфер llama.cpp на 512 токенов}{!llamacpp:замер vLLM: больше из прохода "
     "на {tokens:0} {tokens:0#токен|токена|токенов} и сэмплера на {seqs:0} "
     "{seqs:0#последовательность|последовательности|последовательностей} × словарь {vocab:0} × 20 Б}"
     " = {total_gb:2} ГБ"},
    {"formula.overhead",
     "{?llamacpp:контекст CUDA и рабочие буферы библиотек {runtime_gb:1} ГБ на каждом GPU}"
     "{!llamacpp:пул CUDA-графов {graphs_gb:1} ГБ + буферы NCCL {nccl_gb:1} ГБ при TP + память вне "
     "PyTorch {runtime_gb:1} ГБ на каждом GPU}"},
    {"formula.kv_capacity",
     "{?llamacpp:llama.cpp выделяет -c {kv_tokens:0} {kv_tokens:0#токен|токена|токенов} "
     "({concurrency:0} {concurrency:0#слот|слота|слотов} × {ctx:0}) = {kv_gb:1} ГБ KV-кэша на GPU; "
     "после весов {weights_gb:1}, вычислительного буфера {activations_gb:1} и среды {overhead_gb:1} "
     "свободно {free_gb:1} из {usable_gb:1} ГБ}"
     "{!llamacpp:{usable_gb:1} ГБ доступно − веса {weights_gb:1} − пик активаций {activations_gb:1} "
     "(замер на {tokens:0} {tokens:0#токен|токена|токенов} или сэмплер на {seqs:0} "
     "{seqs:0#последовательность|последовательности|последовательностей}) − CUDA-графы, NCCL и среда "
     "{overhead_gb:1} = {kv_gb:1} ГБ KV-кэша на GPU: {kv_tokens:0} {kv_tokens:0#токен|токена|токенов} "
     "блоками по {block:0}, {concurrency:2}× запросов по {ctx:0} {ctx:0#токен|токена|токенов}}"},
    {"formula.serving_cycle",
     "{batch:0} {batch:0#запрос|запроса|запросов} × ({in:0} {in:0#токен|токена|токенов} промпта + {out:0} "
     "{out:0#токен|токена|токенов} ответа): "
     "{out:0} {out:0#шаг|шага|шагов} по {decode_ms:1} мс, промпты частями до {budget:0} "
     "{budget:0#токена|токенов|токенов} "
     "({prefill_ms:1} мс на шаг с частью промпта) = {cycle_s:2} с на цикл; {tpot_ms:1} мс на токен = "
     "{tps:1} токенов/с на пользователя, {total:0} на реплику"},
    {"formula.serving_ttft",
     "сервер {server_ms:0} мс + ожидание префилла {queue_ms:0} мс (промпты приходят {rate:2} в секунду "
     "и занимают {rho:0} % бюджета шагов) + идущий шаг и свой префилл {prefill_ms:0} мс = {ttft_ms:0} мс"},
    {"formula.offload",
     "на токен: {gpu_gb:2} ГБ из видеопамяти на {gpu_bw:0} ГБ/с ({gpu_ms:1} мс) + {host_gb:2} ГБ из {?given:ОЗУ "
     "хоста}{!given:{ddr}-{mts:0}} "
     "на {host_bw:0} ГБ/с ({host_ms:1} мс) + передачи {switch_ms:1} мс = {tps:1} ток/с для одного; промпт "
     "копирует {upload_gb:1} ГБ по PCIe на {pcie:0} ГБ/с на каждые 512 токенов"},
    {"formula.split_inference",
     "на GPU при TP × PP: веса / (TP·PP) (эмбеддинги и lm_head делятся по словарю"
     "{?moe:; маршрутизируемые эксперты делятся по группе TP/EP}); KV-кэш / PP и "
     "{?mla:НЕ делится по TP: латент MLA повторяется на каждом TP-ранге}"
     "{!mla:/ TP до {kv_heads:0} KV-голов (дальше головы повторяются)}"
     "{?state:; состояние линейного внимания делится по головам значений}"
     "; на каждом GPU повторяются: активации чанка префилла, накладные расходы, нормализации"},
    {"formula.flops",
     "{factor:0} × {active_b:2} млрд активных параметров × {tokens_b:3} млрд токенов + внимание "
     "(последовательности по {seq:0} {seq:0#токену|токена|токенов}) = {flops:e3} FLOPs"},
    {"formula.flops_budget",
     "{gpuh:e2} GPU-часов на {gpu} × {tflops:0} TFLOPS dense BF16 × MFU {mfu:0} %"
     "{?fp8: × FP8 {fp8:2}} = {flops:e3} FLOPs — "
     "около {tokens_b:0} млрд токенов при FLOPs на токен этой модели"},
    {"formula.training_memory",
     "{method} + активации ({?ckpt:с чекпоинтингом}{!ckpt:без чекпоинтинга}, микро-батч {batch:0} × "
     "{seq:0} {seq:0#токен|токена|токенов}) = {total_gb:1} ГБ на одном GPU до шардирования"},
    {"formula.split_training",
     "на GPU: веса, градиенты и состояния оптимизатора / (TP·PP), затем / DP для шардированных ZeRO "
     "(ZeRO-1 — оптимизатор, ZeRO-2 — и градиенты, ZeRO-3 — и веса); активации / TP (параллелизм по "
     "последовательности) и не уменьшаются от PP (первая стадия держит PP микро-батчей); "
     "накладные расходы — на каждом GPU"},
    // команды
    {"cmd.checkpoint", "возьмите чекпоинт модели в формате {format}"},
    {"cmd.replicas", "× {replicas:0} {replicas:0#реплика|реплики|реплик} за балансировщиком нагрузки"},
    {"cmd.spec_eagle", "это шаблон: вместо <eagle3-head> укажите голову EAGLE-3, обученную для этой модели"},
    {"cmd.lora_modules",
     "назовите каждый адаптер через --lora-modules name=path (или загружайте их на ходу); {served:0} в ОЗУ, {slots:0} "
     "на GPU одновременно"},
    {"cmd.kv_offload",
     "KV простаивающих сессий {tier}: {host_gb:0} ГБ ОЗУ на сервер{?disk_gb: и {disk_gb:0} ГБ на NVMe через дисковый "
     "уровень LMCache}"},
    {"cmd.offload",
     "{?experts:эксперты первых {host:0} из {layers:0} {layers:0#слоя|слоёв|слоёв}}{!experts:{?host:первые {host:0} из "
     "{layers:0} "
     "{layers:0#слоя|слоёв|слоёв} и }выходной слой} в ОЗУ хоста ({host_gb:1} ГБ)"},
    {"cmd.layout",
     "TP={tp:0} × PP={pp:0} × DP={dp:0}{?ep: (EP={ep:0} для экспертов)}, ZeRO-{zero:0}"
     "{?ckpt:, чекпоинтинг активаций}, микро-батч {batch:0} × "
     "{seq:0} токенов; {method}{?rank:, ранг {rank:0}}"},
    {"cmd.train_megatron",
     "{method}: Megatron-LM из его репозитория{?nodes:, на каждом из {nodes:0} "
     "{nodes:0#сервера|серверов|серверов}}. Это шаблон: подставьте <data-prefix> "
     "(tools/preprocess_data.py), <peak-lr>, <checkpoint-dir>{?nodes:, на каждом сервере "
     "<node-rank> и <first-server> (адрес первого)}{?custom:, <your-tokenizer>}. Прочее (база "
     "RoPE, нормализации, смещения{?window:, окна внимания}) — по "
     "умолчанию Megatron{?ffn:; --ffn-hidden-size = 4 × hidden (допущение)}{?gelu:; MLP на GELU с LayerNorm "
     "и смещениями Megatron: <positions> — позиции модели (rope, learned_absolute; ALiBi в Megatron-LM нет)}"
     "{?linear:; в модели внимание чередуется с рекуррентными слоями (Mamba, линейное внимание), которых "
     "pretrain_gpt.py не строит: число слоёв и ширины — модели, а виды слоёв и активация MLP — из её "
     "собственного рецепта (для гибридов с Mamba — pretrain_mamba.py из Megatron-LM с --hybrid-override-pattern)"
     "{?positions:, <positions> — её позиционное кодирование}}"},
    {"cmd.nemo",
     "{method}: NVIDIA NeMo 2.0{?nodes:, на каждом из {nodes:0} серверов}. Это шаблон: <recipe> — рецепт NeMo "
     "для модели (например llama3_8b){?tune:, с модулем данных вашего датасета}{?full:; полный файнтюнинг: "
     "peft_scheme none}{?fp8:; FP8: плагин bf16_with_fp8_mixed}"},
    {"cmd.tune_llamafactory",
     "{method}: LLaMA-Factory{?ddp: (DDP на {gpus:0} GPU)}{?ds: и DeepSpeed ZeRO-{zero:0} "
     "на {gpus:0} GPU}{?tp:, AutoTP на {tp:0}}. Это шаблон: подставьте <your-dataset> (имя "
     "из data/dataset_info.json){?custom:, <your-model>}{?nodes:, на каждом сервере "
     "<node-rank> и <first-server> (адрес первого)}"},
    {"cmd.tune_optim_zero",
     "DeepSpeed ZeRO хранит мастер-веса FP32, а LLaMA-Factory не принимает --pure_bf16 с ZeRO-3: память под {optim} верна "
     "для FSDP (full_finetune_distributed в torchtune, там bf16 по умолчанию) или простого data parallel"},
    {"cmd.tune_no_split",
     "{method}: TP={tp:0}{?pp: × PP={pp:0}} в LLaMA-Factory нет (AutoTP — только полный "
     "файнтюнинг с ZeRO-0…2): команда запускает ZeRO-3 на {gpus:0} GPU, активаций на GPU в "
     "{tp:0} раза больше; при нехватке памяти уменьшите --cutoff_len"},
    {"cmd.train_comm",
     "обмен данными за шаг (MFU по умолчанию его уже учитывает): "
     "{?tp:all-reduce TP {tp:0} % от вычислений (NVLink); }{?pp:простой конвейера {pp:0} % шага; }"
     "{?dp:синхронизация градиентов DP {dp:0} % от вычислений по {net:0} ГБ/с, параллельно обратному проходу; }"
     "{?ep:all-to-all EP {ep:0} % от вычислений; }глобальный батч {batch_m:0} млн токенов"},
    // термины
    {"term.index_zero", "в model.safetensors.index.json total_size равен 0"},
    {"term.index_no_size", "в metadata файла model.safetensors.index.json нет total_size"},
    {"term.index_no_metadata", "в model.safetensors.index.json нет metadata"},
    {"term.index_contradicts", "число параметров в model.safetensors.index.json противоречит конфигу"},
    {"term.family_unknown", "семейство, которое gpusizer не читает"},
    {"term.kind_seq2seq", "текстовая модель энкодер-декодер"},
    {"term.kind_recurrent", "рекуррентная языковая модель"},
    {"term.kind_hybrid", "гибрид слоёв внимания и Mamba"},
    {"term.kind_speech", "речевая модель"},
    {"term.kind_vision", "модель для изображений"},
    {"term.rule_default", "значение по умолчанию конфигурации семейства"},
    {"term.rule_pretrained", "значение по умолчанию PretrainedConfig в transformers"},
    {"term.rule_four_hidden", "4 × hidden_size"},
    {"term.rule_hidden_heads", "hidden_size / num_attention_heads"},
    {"term.use_chat", "Чат-бот"},
    {"term.use_rag", "RAG / поиск по документам"},
    {"term.use_ocr", "OCR / документы"},
    {"term.use_general", "Общий ИИ"},
    {"term.use_asr", "Транскрибация встреч"},
    {"term.use_embed", "Векторный поиск"},
    {"term.use_copilot", "Copilot для разработчиков"},
    {"term.use_render", "3D-рендеринг"},
    {"term.use_transcode", "Транскодирование видео"},
    {"term.use_image", "Обработка изображений"},
    {"term.use_hpc", "HPC / наука"},
    {"term.len_chat", "Чат"},
    {"term.len_rag", "RAG"},
    {"term.len_code", "Дополнение кода"},
    {"term.len_summ", "Пересказы"},
    {"term.len_basis_chat",
     "Трасса инференса LLM в Azure 2023, сервис диалогов (19 366 запросов): средний запрос 1155 и "
     "ответ 211 токенов, разброс запросов 0,96 (ответов 0,77), посчитано по опубликованному файлу"},
    {"term.len_basis_rag",
     "Трасс RAG-нагрузки не публикуют: руководство NVIDIA по бенчмаркам NIM берёт для поиска запросы "
     "около 1000 и ответы около 100 токенов; разброс не опубликован (длины фиксированы)"},
    {"term.len_basis_code",
     "Трасса инференса LLM в Azure 2023, сервис кода (8819 дополнений): средний запрос 2048 и ответ "
     "28 токенов, разброс запросов 0,96 (ответов 2,15), посчитано по опубликованному файлу"},
    {"term.len_basis_summ",
     "Статьи arXiv, пересказанные в аннотации, как их упаковал симулятор Vidur от Microsoft (28 257 "
     "запросов, без длиннее ~4096 токенов): средний запрос 2588 и ответ 291 токен, разброс запросов "
     "0,37"},
    {"term.pretrain", "предобучение"},
    {"term.full_finetune", "полный файнтюнинг"},
    {"term.lora", "LoRA"},
    {"term.qlora", "QLoRA"},
    {"term.optim_adamw", "AdamW, смешанная точность (мастер-веса FP32)"},
    {"term.optim_bf16", "AdamW, чистый BF16"},
    {"term.optim_adam8", "8-битный AdamW"},
    {"term.memory_full", "16 Б/параметр (веса BF16 2 + градиенты 2 + мастер-веса FP32 4 + Adam 8)"},
    {"term.memory_full_bf16", "8 Б/параметр (веса BF16 2 + градиенты 2 + Adam в BF16 4)"},
    {"term.memory_full_adam8", "6 Б/параметр (веса BF16 2 + градиенты 2 + 8-битный Adam 2)"},
    {"term.memory_lora", "база BF16 2 Б/параметр + адаптеры 16 Б/параметр"},
    {"term.memory_qlora", "база NF4 4,127 бит/параметр + адаптеры 16 Б/параметр"},
    {"term.rank_cost_hour", "стоимость в час"},
    {"term.rank_cost_run", "стоимость за запуск"},
    {"term.rank_speed", "скорость"},
    {"term.rank_gpus", "меньше всего GPU"},
    {"expect.one_of", "одно из: {values}"},
    {"expect.model_id", "id модели с Hugging Face"},
    {"expect.gpu_id", "id GPU"},
    {"expect.number", "число {min}–{max}"},
    {"expect.whole", "целое число {min}–{max}"},
    {"expect.fraction", "доля в интервале (0, 1]"},
    {"expect.tokens", "число токенов 1–10000T (суффиксы k M B T)"},
    // погрешность величин (report/accuracy.hpp)
    {"accuracy.band",
     "точность: ±{median:0}\u00a0% — медианная ошибка на {n:0} {n:0#опубликованном запуске|опубликованных "
     "запусках|опубликованных запусках} "
     "такого рода (худшая {worst:0}\u00a0%{?misses:, вне допуска семейства: {misses:0}})"},
    {"accuracy.none",
     "точность: независимой проверки пока нет (нет опубликованного запуска такого рода, на котором не подбиралась бы "
     "константа)"},
    {"accuracy.nearest", "ближайший опубликованный запуск: {case} ({error:0} %) {url}"},
    // speech-to-text pipelines (speech_pipeline.hpp)
    {"term.asr_hf", "Hugging Face Transformers (PyTorch)"},
    {"term.asr_ct2", "faster-whisper (CTranslate2)"},
    {"term.asr_cpp", "whisper.cpp"},
    {"term.asr_trt", "оптимизированный сервер (TensorRT-LLM, vLLM)"},
    {"term.asr_mode_chunk", "фрагменты по 30 с, декодируемые пачками"},
    {"term.asr_mode_seq", "последовательная длинная запись (каждое окно начинается там, где кончился текст прошлого)"},
    {"formula.whisper_pipeline",
     "{runtime}, {mode}, луч {beam:0}: окно покрывает {advance:1} с аудио и {tokens:0} "
     "{tokens:0#токен|токена|токенов}; каждый шаг декодера читает {weights_mb:0} МБ его весов один раз и {kv_mb:0} МБ "
     "K/V перекрёстного внимания на гипотезу"},
    {"formula.whisper_window",
     "пачка из {batch:0} {batch:0#окна|окон|окон} × луч {beam:0}: энкодер {encoder_s:2} с + {steps:0} "
     "{steps:0#шаг|шага|шагов} (самое длинное окно пачки) × {step_ms:2} мс ({gpu_ms:2} мс GPU, {host_ms:2} мс хоста "
     "среды) = {decoder_s:2} с + ЦП {cpu_s:2} с: {x:0}× реального времени на GPU"},
    {"assume.asr_runtime",
     "{runtime}, {mode}, луч {beam:0}{?batch:, пачка {batch:0}}: среда добавляет {step_us:0} мкс + {layer_us:0} мкс на "
     "слой декодера + {hyp_us:1} мкс на гипотезу к каждому шагу декодера и {window_ms:0} мс ЦП на окно (каждая "
     "величина подобрана по одному опубликованному запуску, диапазон ×0,7–×1,5)"},
    {"assume.asr_windows",
     "{speech_tokens:1} текстовых токена на секунду речи: окно покрывает {advance:1} с и {tokens:0} "
     "{tokens:0#токен|токена|токенов}; самое длинное окно пачки задаёт число шагов (число токенов колеблется на ±25 "
     "%); последовательное декодирование перерасшифровывает 5 % окон при повышенной температуре"},
    {"cmd.asr_ct2",
     "пакетный конвейер faster-whisper (pip install faster-whisper); для сервиса запускайте его за своей очередью"},
    {"cmd.asr_hf", "конвейер Transformers, по фрагментам со штатным перекрытием"},
    {"cmd.asr_cpp",
     "консольная программа whisper.cpp (сборка с GGML_CUDA=1; модель скачивает models/download-ggml-model.sh)"},
    {"accuracy.nearest_run", "ближайший опубликованный запуск: {run} (ошибка {error:0}\u00a0%)"},
    // ссылка
    {"link.too_long", "ссылка длиннее {max:0} символов: прочитаны только первые {max:0}"},
    {"link.duplicate_key", "ключ «{key}» встречается дважды; взят последний"},
    {"link.bad_value", "пропущено {key}='{value}': ожидалось {expect}"},
    {"link.version", "версия ссылки «{value}» — не {version:0}; прочитана как версия {version:0}"},
    {"link.unknown_key", "неизвестный ключ «{key}» пропущен"},
    {"link.no_version", "в ссылке нет версии «v=»; прочитана как версия {version:0}"},
    {"link.mfu_clamped", "mfu={value} ниже наименьшей эффективности оборудования {min:2}; использовано {min:2}"},
    {"link.url_without_fragment", "в адресе нет части после «#» с конфигурацией: показана конфигурация по умолчанию"},
    {"link.url_value", "пропущено {key}='{value}': адрес сайта не может быть значением в ссылке"},
    {"link.prompt_over_context", "длина запроса {prompt} больше контекста {ctx}"},
    // каталог
    {"model.custom_specified", "своя модель {model}: посчитана по архитектуре из ссылки"},
    {"config.params_arch", "параметры посчитаны по архитектуре: всего {params_b:3} млрд, на токен {active_b:3} млрд"},
    {"config.params_index",
     "параметры из model.safetensors.index.json: total_size {bytes:0} {bytes:0#байт|байта|байт} / {bpp:0} "
     "{bpp:0#байт|байта|байт} на параметр {dtype} = {params_b:3} млрд (по архитектуре {arch_b:3} млрд{?vision:; в "
     "чекпойнте есть визуальный энкодер}{?mtp:; в нём есть слои многотокенного предсказания})"},
    {"config.params_index_count",
     "параметры из model.safetensors.index.json: metadata.total_parameters = {params_b:3} млрд (по архитектуре "
     "{arch_b:3} млрд{?vision:; в чекпойнте есть визуальный энкодер}{?mtp:; в нём есть слои многотокенного "
     "предсказания})"},
    {"config.index_quantized",
     "model.safetensors.index.json: total_size {gb:2} ГБ — размер квантованного чекпойнта, по нему посчитан объём "
     "весов; это не число параметров"},
    {"config.text_config", "мультимодальный конфиг ({arch}): языковая модель прочитана из {path}"},
    {"config.layer_kind_unknown",
     "{count:0} {count:0#слой|слоя|слоёв} вида «{kind}» в layer_types посчитаны как полное внимание"},
    {"config.quantization",
     "формат чекпойнта {format} из {source} (quant_method «{method}»){?experts:, квантованы только маршрутизируемые "
     "эксперты: внимание, эмбеддинги и общие слои остаются 16-битными}"},
    {"config.quant_unknown",
     "метод квантования «{method}» из quantization_config не моделируется: веса посчитаны как {format}"},
    {"config.rejected", "config.json не импортирован: {detail}"},
    {"config.assumed", "{field} нет в файле: {value:0}, {rule}{?family: ({family})}"},
    {"config.rope_context",
     "rope_scaling {type} × {factor} поверх {original:0} {original:0#токена|токенов|токенов}: максимальный контекст "
     "{ctx:0} {ctx:0#токен|токена|токенов} (max_position_embeddings {stated:0})"},
    {"config.layers_mismatch",
     "num_hidden_layers {stated:0} расходится с {field} ({planned:0} {planned:0#слой|слоя|слоёв}): использован план "
     "слоёв"},
    {"config.alibi", "{family} использует позиции ALiBi: позиционных параметров нет"},
    {"config.score_head",
     "{arch}: модель вознаграждения / классификации: без проекции на словарь, голова оценки на {outputs:0} "
     "{outputs:0#выход|выхода|выходов}"},
    {"config.fused_width", "{family}: {field} {stated:0} — это проекции gate и up вместе; ширина каждой {width:0}"},
    {"config.recurrent",
     "{family}: {layers:0} {layers:0#рекуррентный слой|рекуррентных слоя|рекуррентных слоёв} без внимания: KV-кэша "
     "нет, на последовательность — фиксированное состояние"},
    {"config.chunked",
     "{layers:0} {layers:0#слой|слоя|слоёв} внимания работают в блоках по {chunk:0} {chunk:0#токену|токена|токенов} "
     "(attention_chunk_size): посчитаны как окно этой длины"},
    {"config.family_generic",
     "для model_type «{family}» нет своего чтения: файл прочитан как стандартный декодер (поля как у Llama)"},
    {"config.nonfinite",
     "в файле {count:0} {count:0#нечисловое значение|нечисловых значения|нечисловых значений} (Infinity / NaN, как их "
     "пишет json в Python; первое в «{field}»): прочитаны как отсутствующие"},
    {"config.is_adapter",
     "это адаптер {peft} (adapter_config.json{?rank:, ранг {rank:0}}) для {base}, а не config.json модели: "
     "импортируйте config.json базовой модели и посчитайте адаптер через task=tune и method=lora"},
    {"config.is_index",
     "это model.safetensors.index.json, а не config.json: передайте его вместе с config.json модели (--index или "
     "перетащите оба файла)"},
    {"config.is_quant_file",
     "это hf_quant_config.json от ModelOpt, а не config.json: передайте его вместе с config.json модели (--quant или "
     "перетащите оба файла)"},
    {"config.is_tokenizer",
     "это конфигурация токенизатора (tokenizer_config.json), а не модели: импортируйте config.json из того же "
     "репозитория"},
    {"config.is_processor",
     "это конфигурация препроцессора / процессора, а не модели: импортируйте config.json из того же репозитория"},
    {"config.is_generation",
     "это generation_config.json (параметры сэмплирования), а не конфигурация модели: импортируйте config.json из того "
     "же репозитория"},
    {"config.is_diffusers",
     "это конфигурация пайплайна diffusers: генерация изображений по конфигу не считается (task=other, use=image "
     "оценивает память GPU для работы с изображениями)"},
    {"config.family_unsupported",
     "«{family}» пока не поддерживается ({kind}); ближайшее поддерживаемое семейство — {nearest}. Посчитайте её как "
     "свою модель по опубликованным цифрам (model=custom с params, layers, hidden, heads)"},
    {"config.index_ignored",
     "{why}{?stated: ({stated:3} млрд)}: индекс не использован; параметры посчитаны по архитектуре ({arch_b:3} млрд)"},
    {"config.index_tied_twice",
     "model.safetensors.index.json считает связанный эмбеддинг дважды ({stated:3} млрд): {params_b:3} млрд, если "
     "учесть его один раз"},
    {"config.quant_bytes",
     "веса чекпойнта {gb:2} ГБ: {method} по {bits:3} бита на вес (с масштабами); неквантованное — 16 бит"},
    {"config.tower_counted", "визуальный энкодер посчитан по vision_config: {params_b:3} млрд"},
    {"config.tower_uncounted",
     "визуальный / аудиоэнкодер {!index:не учтён: конфиг не описывает его в виде, который gpusizer умеет считать "
     "(передайте model.safetensors.index.json для итога чекпойнта)}{?index:учтён только через итог индекса}"},
    {"config.layer_plan",
     "план слоёв: {layers:0} {layers:0#слой|слоя|слоёв}, со вниманием {attention:0}{?sliding: (с окном "
     "{sliding:0})}{?recurrent:, рекуррентных {recurrent:0} (фиксированное состояние, без KV-кэша)}{?moe:, с "
     "экспертами {moe:0}}"},
    {"config.fp32_served",
     "чекпойнт хранит веса в FP32; серверы загружают его в 16 битах (vLLM --dtype auto, text-embeddings-inference): "
     "посчитано как {format}, wq=fp32 даёт 4 байта на вес"},
    {"config.encoder",
     "модель эмбеддингов только с энкодером ({family}): посчитана как векторный поиск (use=embed), без KV-кэша, "
     "векторы размерности {dims:0}"},
    {"config.speech",
     "речевая модель энкодер-декодер ({family}, энкодер {encoder_b:3} млрд): посчитана как распознавание речи "
     "(use=asr)"},
    {"config.assumed_flag", "{field} нет в файле: {?value:true}{!value:false}, {rule}{?family: ({family})}"},
    {"config.state_fp32",
     "рекуррентное состояние хранится в FP32 ({?stated:{field} в конфиге}{!stated:значение vLLM по умолчанию для "
     "Nemotron-H}), входы свёртки — в 16 битах"},
    {"config.mtp",
     "{count:0} {count:0#слой|слоя|слоёв} многотокенного предсказания не учтены: серверы загружают их только для "
     "спекулятивного декодирования"},
    {"models.no_gpu", "выберите одну GPU (gpu=), чтобы увидеть, какие модели на ней работают"},
    {"catalog.notice", "{detail}"},
    {"catalog.provider_error", "каталог провайдера: {detail}"},
    {"catalog.provider_rejected", "{file} отклонён; используется встроенный каталог"},
    {"cli.error", "ошибка: {detail}"},
    {"cli.rejected", "{file} отклонён ({count:0} {count:0#проблема|проблемы|проблем})"},
    {"cli.not_imported", "{file} не импортирован"},
    {"cli.cannot_read", "не удалось прочитать {file}"},
    {"cli.cannot_write", "не удалось записать {file}"},
    {"cli.stdout_failed", "не удалось записать вывод в stdout{?reason:: {reason}}"},
    // сервисы: распознавание речи, эмбеддинги, copilot
    {"service.needs_asr",
     "{model} — модель распознавания речи: посчитайте её в пресете «Транскрибация встреч» (use=asr)"},
    {"service.needs_embed", "{model} — модель эмбеддингов: посчитайте её в пресете «Векторный поиск» (use=embed)"},
    {"service.not_speech_model",
     "{model} — не модель распознавания речи; для транскрибации выберите Whisper или Parakeet"},
    {"service.not_embedding_model",
     "{model} — не модель эмбеддингов; выберите bge-m3, Qwen3-Embedding или multilingual-e5"},
    {"service.passage_split",
     "фрагменты по {tokens:0} {tokens:0#токену|токена|токенов} длиннее {max:0}, которые читает "
     "{model}: каждый станет {pieces:0} {pieces:0#вектором|векторами|векторами}"},
    {"reason.speech_short", "для этого аудио нужно {need:2} GPU, задано {count:0}"},
    {"reason.embed_short", "обрабатывает {qps:0} запросов/с, нужно {need:0}"},
    {"assume.encoder_eff",
     "энкодеры достигают {eff:0} % пиковой dense-производительности (диапазон {low:0}–{high:0} %): "
     "эффективность префилла × ширина слоя/2048 для слоёв уже 2048 (ширина {hidden:0}), но не меньше половины"},
    {"assume.speech_tokens", "речь даёт {tokens:1} текстовых токена в секунду аудио (диапазон {low:1}–{high:1})"},
    {"assume.speech_steps",
     "шаг декодера занимает не меньше {us:0} мкс + {layer_us:0} мкс на слой на запуск ядер "
     "(C++-рантаймы с CUDA graphs; PyTorch eager в разы медленнее)"},
    {"assume.speech_host",
     "декодирование аудио и признаки на CPU: до {x:0}× реального времени на GPU "
     "(диапазон {low:0}–{high:0})"},
    {"assume.speech_day", "записи расшифровываются по мере поступления в течение {hours:0}-часового рабочего дня"},
    {"assume.speech_streams",
     "живой поток перераспознаётся каждые {update:0} с{?window:: Whisper заново кодирует всё "
     "{window:0}-секундное окно и заново декодирует буфер в {buffer:0} с}"
     "{!window:: трансдьюсер пересчитывает левый контекст, ×{transducer:1} работы}"},
    {"assume.embed_query",
     "поисковый запрос — {tokens:0} {tokens:0#токен|токена|токенов}, эмбеддинги считаются пачками по {batch:0}; "
     "фрагменты "
     "корпуса — пачками по 16 384 токена"},
    {"assume.embed_vectors", "векторная БД хранит векторы FP32; граф HNSW (M = 16) добавляет {links:0} Б на вектор"},
    {"assume.copilot_prefix",
     "префиксный кэш: {hit:0} % каждого запроса в {in:0} {in:0#токен|токена|токенов} (контекст репозитория) уже в "
     "кэше, префилл считает {fresh:0} {fresh:0#токен|токена|токенов}; KV-кэш по-прежнему держит весь контекст"},
    {"formula.speech_encoder",
     "энкодер: (2 × {params_b:3} млрд параметров + внимание по {frames:0} кадрам) × {fps:1} кадров/с"
     "{?window: (каждое {window:0}-секундное окно дополняется целиком)} = {gflops:1} GFLOP на секунду аудио"},
    {"formula.speech_decoder",
     "декодер: {tokens:1} токена/с × ({weights_mb:0} МБ весов / пачку {batch:0} + {kv_mb:1} МБ "
     "K/V перекрёстного и собственного внимания на последовательность) = {mb:0} МБ чтения на секунду "
     "аудио, либо задержка запуска ({us:0} мкс на шаг), если она больше"},
    {"formula.speech_transducer",
     "декодер: {steps:1} шага сети предсказания на секунду аудио, ограничены запуском ядер "
     "({us:0} мкс на шаг) на пачку из {batch:0}"},
    {"formula.speech_ctc", "декодер: CTC, один жадный проход по выходу энкодера (без шагов)"},
    {"formula.speech_realtime",
     "× реального времени на одном GPU = 1 / (FLOPs энкодера / (пик dense × эффективность) + байты "
     "декодера / (пропускная способность × эффективность) + время CPU (1/{host_x:0} с)) на секунду аудио"},
    {"formula.speech_load",
     "{audio_h:1} ч записей в день за {day:0} ч = {rate:2} с аудио в секунду"
     "{?streams: + {streams:0} {streams:0#живой поток|живых потока|живых потоков} (энкодер ×{enc:1}, декодер ×{dec:1} "
     "на поток)}"
     "{?growth: с запасом {growth:0} %}; GPU = нагрузка / × реального времени"},
    {"formula.embed_flops",
     "2 × {params_b:3} млрд параметров (без таблицы токенов) + внимание по {tokens:0} {tokens:0#токену|токенам|токенам}"
     "{?causal: (каузальное: половина)} = {mflops:0} MFLOP на токен"},
    {"formula.embed_index",
     "{docs:0} {docs:0#фрагмент|фрагмента|фрагментов} × {tokens:0} {tokens:0#токен|токена|токенов} = {total:e2} "
     "токенов = {tflops:0} TFLOP; часы = "
     "TFLOP / (GPU × пик dense × эффективность) / 3600"},
    {"formula.embed_qps",
     "время GPU на запрос в {tokens:0} {tokens:0#токен|токена|токенов} = его FLOPs / (пик × эффективность) + одно "
     "чтение весов / "
     "пачку {batch:0}; GPU = {qps:0} запросов/с / запросов в секунду на GPU"},
    {"formula.vector_index",
     "{vectors:0} {vectors:0#вектор|вектора|векторов} × {dims:0} {dims:0#измерение|измерения|измерений} × 4 Б = {gb:2} "
     "ГБ в векторной БД "
     "(+ {hnsw_gb:2} ГБ связей HNSW), не на GPU"},
    {"cmd.asr_vllm", "аудио — POST на /v1/audio/transcriptions (или BatchedInferencePipeline из faster-whisper)"},
    {"cmd.asr_nemo", "скрипт транскрибации NeMo; живые потоки — его потоковый (chunked) режим"},
    {"cmd.embed_tei", "Hugging Face text-embeddings-inference; корпус считается {hours:1} ч"},
    {"cmd.copilot_prefix",
     "префиксный кэш в vLLM включён по умолчанию: держите контекст репозитория в начале запроса "
     "({hit:0} % запроса)"},
    {"term.use_reason", "Ассистент с рассуждениями"},
    {"term.use_agent", "Агент для программирования"},
    {"term.think_low", "низкое"},
    {"term.think_med", "среднее"},
    {"term.think_high", "высокое"},
    {"term.tier_gpu", "ждут в памяти GPU"},
    {"term.tier_host", "ждут в ОЗУ сервера"},
    {"term.tier_nvme", "ждут на NVMe"},
    {"term.tier_recompute", "пересчитываются"},
    {"assume.prefix",
     "префиксный кэш: {prefix:0} % первого запроса ({in:0} {in:0#токен|токена|токенов}) уже в кэше: его не "
     "префиллят, к нему только обращается внимание{?shared:; он общий для всех сессий, и реплика держит его "
     "KV один раз ({shared:0} {shared:0#токен|токена|токенов})}"},
    {"assume.sessions",
     "сессии по {turns:0} {turns:0#ходу|хода|ходов}: каждый следующий ход добавляет прошлый ответ ({out:0} "
     "{out:0#токен|токена|токенов}, без рассуждений) и {grow:0} {grow:0#новый токен|новых токена|новых токенов}; "
     "KV хранится между ходами, и ход префиллит в среднем {prompt:0} из {context:0} токенов, к которым обращается; "
     "между ходами {gap:1} с. Простаивающие сессии ждут в памяти GPU, иначе в ОЗУ ({host_gb:0} ГБ на GPU, половина "
     "DGX H100), иначе на NVMe ({nvme_gbs:2} ГБ/с на GPU), или пересчитываются — что вернёт их быстрее"},
    {"assume.fanout",
     "каждый ход запускает {fanout:0} {fanout:0#запрос|запроса|запросов} сразу (субагенты): нагрузка учитывает каждый"},
    {"assume.spec",
     "спекулятивное декодирование: {draft:0} {draft:0#черновой токен|черновых токена|черновых токенов} за шаг "
     "{?mtp:от собственных MTP-слоёв модели}{!mtp:от головы EAGLE-3}, каждый принимается с вероятностью {accept:0} %"
     "{?given: (задано)}{!given:{?mtp: (отчёт DeepSeek-V3: 85–90 %)}{!mtp: (измерения EAGLE-3 в vLLM)}}, "
     "{per_step:2} токена за шаг; каждый шаг проверяет черновик + 1 позицию на последовательность, поэтому "
     "выигрыш падает с ростом батча"},
    {"assume.think",
     "рассуждения: {think:0} {think:0#токен|токена|токенов} размышления{?level: (усилие: {level})} перед каждым "
     "ответом в {out:0} {out:0#токен|токена|токенов}; они занимают время декодирования, KV и стоят как токены "
     "ответа; ответ появляется после них"},
    {"assume.lora",
     "{loras:0} {loras:0#адаптер|адаптера|адаптеров} LoRA ранга {rank:0} на всех проекциях внимания и плотных MLP "
     "({mb:1} МБ каждый в BF16): {slots:0} {slots:0#слот|слота|слотов} на GPU (столько батч может смешать), все "
     "адаптеры в ОЗУ; шаг читает адаптеры своего батча и выполняет их умножения"},
    {"formula.spec",
     "{draft:0} черновых токена с приёмом {accept:0} %: {per_step:2} токена за шаг; при батче {batch:0} токен "
     "занимает {tpot_ms:2} мс против {plain_ms:2} мс без него: {speedup:2}×"},
    {"formula.think",
     "{think:0} токенов размышления × {tpot_ms:2} мс = {think_s:1} с; ответ начинается через {visible_s:1} с "
     "после запроса ({ttft:2} с до первого токена); {answer:0} токенов декодируется на запрос"},
    {"formula.session",
     "{turns:0} {turns:0#ход|хода|ходов} по {grow:0} новых токенов: ход обращается к {context:0} токенам и "
     "префиллит {prompt:0}; {idle:1} сессий на реплику простаивают в паузах по {gap:1} с, по {session_gb:2} ГБ "
     "KV каждая, {tier}{?restore_ms:; возврат одной занимает {restore_ms:0} мс}{?host_gb: ({host_gb:0} ГБ "
     "ОЗУ на сервер)}{?disk_gb:, {disk_gb:0} ГБ на NVMe на сервер}; первый токен хода через {ttft:2} с"},
    {"formula.lora",
     "{loras:0} × {mb:1} МБ адаптеров, {slots:0} слотов на GPU = {gpu_gb:2} ГБ на GPU; батч из {batch:0} "
     "использует {distinct:1} из них: шаг длиннее на {pct:1} %"},
    {"spec.slower",
     "спекулятивное декодирование ({draft:0} черновых токена) даёт этому варианту {speedup:2}× скорости при батче "
     "{batch:0}: шаги проверки дороже принятых токенов; для такой нагрузки его стоит выключить"},
    {"assume.preset_rag",
     "пресет RAG-ассистента: в отличие от чат-бота, запросы в {in:0} {in:0#токен|токена|токенов} несут найденные "
     "фрагменты после общего для всех системного промпта ({prefix:0} % первого запроса, в кэше один раз) и идут "
     "разговорами по {turns:0} {turns:0#ходу|хода|ходов}; каждый уточняющий вопрос с его "
     "фрагментами ({grow:0} токенов) добавляется к контексту, который хранится между ходами: следующие ходы "
     "префиллят мало, а обращаются к большему"},
    {"assume.preset_reason",
     "пресет ассистента с рассуждениями: в отличие от чат-бота, каждому ответу предшествуют {think:0} токенов "
     "размышления, поэтому запрос декодирует {answer:0} токенов, а ответ начинается только после них"},
    {"assume.preset_agent",
     "пресет агента для программирования: в отличие от чат-бота, сессия делает {turns:0} {turns:0#вызов|вызова|вызовов} "
     "(трассы Claude Code и Codex в TraceLab: медиана 25 вызовов инструментов за сессию), каждый добавляет вывод "
     "инструмента ({grow:0} токенов) к растущему контексту, ~500 токенов вывода за вызов и 95 % каждого запроса в "
     "кэше; между вызовами сессии простаивают {gap:1} с"},
    {"spec.llamacpp",
     "llama-server спекулирует только с отдельной черновой моделью (--model-draft): этот вариант посчитан без "
     "спекулятивного декодирования"},
};

}  // namespace

Table russian_table() { return kRussian; }

}  // namespace gpusizer::text
