// English → Russian. Keys are the English UI strings; a missing entry falls back to English.
#include "ui/i18n.hpp"

#include <cstring>
#include <unordered_map>
#include <utility>

namespace gpusizer::ui {
namespace {

std::string g_lang = "en";

const std::unordered_map<std::string, const char*>& russian() {
    static const std::unordered_map<std::string, const char*> t = {
        {"3D rendering", "3D-рендеринг"},
        {"Activation checkpointing", "Чекпоинтинг активаций"},
        {"Active parameters (MoE), billions", "Активные параметры (MoE), млрд"},
        {"Assumptions behind these numbers", "Допущения, на которых стоят эти цифры"},
        {"Attention heads", "Головы внимания"},
        {"Average answer, tokens", "Средний ответ, токенов"},
        {"Average prompt, tokens", "Средний запрос, токенов"},
        {"Catalog version ", "Версия каталога "},
        {"Chat-bot", "Чат-бот"},
        {"Check it yourself: the parallel layout", "Проверьте сами: схема параллелизма"},
        {"Check it yourself: the serving command", "Проверьте сами: команда запуска"},
        {"Closest: ", "Ближе всего: "},
        {"Codec", "Кодек"},
        {"Concurrent streams", "Одновременных потоков"},
        {"Concurrent users", "Одновременных пользователей"},
        {"Context per request, tokens", "Контекст запроса, токенов"},
        {"Copy as CSV", "Копировать CSV"},
        {"Copy as Markdown", "Копировать Markdown"},
        {"Copy command", "Копировать команду"},
        {"Cost per hour", "Цена в час"},
        {"Cost", "Цена"},
        {"Cost/h", "Цена/ч"},
        {"Custom model…", "Своя модель…"},
        {"Dark", "Тёмная"},
        {"Dataset and training setup", "Датасет и настройки обучения"},
        {"Dataset tokens", "Токенов в датасете"},
        {"Days for the whole run as the GPU count grows; red: your deadline", "Дни на весь прогон в зависимости от числа GPU; красная линия — ваш срок"},
        {"Days to finish vs GPUs", "Срок в зависимости от числа GPU"},
        {"Days", "Дней"},
        {"Deadline", "Срок"},
        {"Download JSON", "Скачать JSON"},
        {"Energy", "Энергия"},
        {"Epochs", "Эпох"},
        {"Every GPU", "Все GPU"},
        {"Fine-tuning", "Файнтюнинг"},
        {"Fits", "Влезает"},
        {"Fix the GPU count", "Задать число GPU"},
        {"Full fine-tune", "Полный файнтюнинг"},
        {"GB/GPU", "ГБ/GPU"},
        {"GPU sizing calculator: which GPUs, how many, how fast, how much", "Калькулятор GPU: какие, сколько, как быстро, почём"},
        {"GPU", "GPU"},
        {"GPU, count and memory reserve", "GPU, количество и резерв памяти"},
        {"GPU-hours / GPUs / 24", "GPU-часы / число GPU / 24"},
        {"GPU-hours = FLOPs / (dense peak × MFU) / 3600", "GPU-часы = FLOPs / (пиковая dense-скорость × MFU) / 3600"},
        {"GPU-hours × board power (TDP); a whole server with cooling uses ~1.5× more", "GPU-часы × мощность платы (TDP); сервер целиком с охлаждением — примерно в 1,5 раза больше"},
        {"GPU-hours × price per GPU-hour", "GPU-часы × цена GPU-часа"},
        {"GPU-hours", "GPU-часы"},
        {"GPUs in total", "Всего GPU"},
        {"GPUs", "GPU"},
        {"General AI", "Общий ИИ"},
        {"Growth reserve, % more users", "Запас на рост, % пользователей"},
        {"Guide: ", "Гайд: "},
        {"HPC / science", "HPC / наука"},
        {"Hardware efficiency (MFU), %", "Эффективность железа (MFU), %"},
        {"Head dim", "Размер головы"},
        {"Hidden size", "Скрытый размер"},
        {"Image processing", "Обработка изображений"},
        {"Inference", "Инференс"},
        {"KV cache", "KV-кэш"},
        {"KV heads", "KV-головы"},
        {"KV-cache format", "Формат KV-кэша"},
        {"Language", "Язык"},
        {"Layers", "Слои"},
        {"Light", "Светлая"},
        {"Link: ", "Ссылка: "},
        {"LoRA rank", "Ранг LoRA"},
        {"Load", "Нагрузка"},
        {"Maximum tokens one conversation holds (prompt + answer). Sizes the KV cache.", "Сколько токенов держит один диалог (запрос + ответ). Определяет KV-кэш."},
        {"Memory of one replica (GB) as the context grows; red: memory of the recommended GPUs", "Память одной реплики (ГБ) с ростом контекста; красная линия — память рекомендованных GPU"},
        {"Memory per GPU", "Память на GPU"},
        {"Memory reserve, %", "Резерв памяти, %"},
        {"Memory the scene / batch needs, GB", "Память под сцену / батч, ГБ"},
        {"Memory vs context", "Память и контекст"},
        {"Micro-batch per GPU", "Микро-батч на GPU"},
        {"Model", "Модель"},
        {"No configuration fits", "Ни одна конфигурация не подходит"},
        {"Nothing to evaluate", "Нечего считать"},
        {"OCR / documents", "OCR / документы"},
        {"Open the full calculator ↗", "Открыть полный калькулятор ↗"},
        {"Order this configuration", "Заказать эту конфигурацию"},
        {"Parameters, billions", "Параметры, млрд"},
        {"Per million tokens", "За миллион токенов"},
        {"Per month", "В месяц"},
        {"Per run", "За прогон"},
        {"Prefill work per request: drives time to first token.", "Префилл каждого запроса: от него зависит время до первого токена."},
        {"Price: ", "Цена: "},
        {"Provider catalog rejected, the bundled one is used: ", "Каталог провайдера отклонён, используется встроенный: "},
        {"catalog.bin could not be read; the same catalog was loaded from catalog.json", "catalog.bin не прочитан; тот же каталог загружен из catalog.json"},
        {"RAG / document search", "RAG / поиск по документам"},
        {"Rank by cost", "Сначала дешёвые"},
        {"Rank by fewest GPUs", "Сначала меньше GPU"},
        {"Rank by speed", "Сначала быстрые"},
        {"Ranking", "Сортировка"},
        {"Reading speed is ~5-10 tokens/s; 20+ feels instant.", "Скорость чтения — около 5–10 токенов/с; от 20 ответ кажется мгновенным."},
        {"Recommended configuration", "Рекомендуемая конфигурация"},
        {"Replicas × TP × PP", "Реплики × TP × PP"},
        {"Requests in flight at the same time.", "Запросов, обрабатываемых одновременно."},
        {"Resolution", "Разрешение"},
        {"Score", "Оценка"},
        {"Search models (name, family, size)", "Поиск модели (название, семейство, размер)"},
        {"Sequence length", "Длина последовательности"},
        {"Sharding", "Шардирование"},
        {"Share of dense peak FLOPS a real run reaches: 35-45 % for large runs (Llama 3: 38-43 %).", "Доля пиковых dense FLOPS, которую достигает реальный прогон: 35–45 % у больших (Llama 3: 38–43 %)."},
        {"Share of each GPU's memory kept free (vLLM --gpu-memory-utilization = 1 - reserve).", "Доля памяти каждого GPU, оставляемая свободной (vLLM --gpu-memory-utilization = 1 − резерв)."},
        {"Show every layout (TP / PP variants)", "Показать все схемы (варианты TP / PP)"},
        {"Source: ", "Источник: "},
        {"Speed vs users", "Скорость и пользователи"},
        {"TTFT, s", "TTFT, с"},
        {"Target speed per user, tokens/s", "Нужная скорость на пользователя, токенов/с"},
        {"Target time to first token, s", "Допустимое время до первого токена, с"},
        {"Task", "Задача"},
        {"The catalog has no sourced price for this GPU", "В каталоге нет подтверждённой цены для этого GPU"},
        {"The guide: keep a reserve for load growth.", "Гайд советует закладывать резерв на рост нагрузки."},
        {"Time to first token", "Время до первого токена"},
        {"Tokens/s per user on the recommended GPUs as users grow; red: your target", "Токенов/с на пользователя на рекомендованных GPU с ростом числа пользователей; красная линия — ваша цель"},
        {"Tokens/s per user", "Токенов/с на пользователя"},
        {"Total tokens in the dataset (one epoch).", "Всего токенов в датасете (одна эпоха)."},
        {"Total tokens/s", "Всего токенов/с"},
        {"Training and other GPU work", "Обучение и другие задачи на GPU"},
        {"Training from scratch", "Обучение с нуля"},
        {"Video transcoding", "Транскодирование видео"},
        {"Weight format", "Формат весов"},
        {"Why not / notes", "Почему нет / заметки"},
        {"Workload", "Нагрузка"},
        {"ZeRO: automatic", "ZeRO: автоматически"},
        {"activations", "активации"},
        {"active", "активных"},
        {"concurrent requests per replica; serves up to", "одновременных запросов на реплику; выдержит до"},
        {"context tokens", "токенов контекста"},
        {"cost per hour / output tokens per hour", "цена часа / выходных токенов в час"},
        {"days", "дней"},
        {"decode roofline: bytes read per step / (bandwidth × efficiency), with the prompts' prefill in the same cycle",
         "roofline декодирования: байты, читаемые за шаг / (пропускная способность × эффективность), с префиллом запросов в том же цикле"},
        {"dense", "dense"},
        {"estimated", "оценка"},
        {"gradients", "градиенты"},
        {"indicative price × GPUs; source in the GPU's tooltip", "ориентировочная цена × число GPU; источник — в подсказке GPU"},
        {"native", "родной"},
        {"no price", "нет цены"},
        {"no", "нет"},
        {"optimizer", "оптимизатор"},
        {"overhead", "накладные"},
        {"params", "параметров"},
        {"prompt FLOPs / (dense peak × efficiency) + one decode step", "FLOPs запроса / (пиковая dense-скорость × эффективность) + один шаг декодирования"},
        {"range", "диапазон"},
        {"servers", "серв."},
        {"the figure GPUs are ranked by for this work", "показатель, по которому GPU ранжируются для этой задачи"},
        {"tok/s per user", "ток/с на польз."},
        {"tok/s/user", "ток/с/польз."},
        {"token", "токен"},
        {"total tok/s", "всего ток/с"},
        {"usable = GPU memory less the reserve", "доступно = память GPU минус резерв"},
        {"usable after reserve", "доступно за вычетом резерва"},
        {"users × tokens/s per user", "пользователи × токенов/с на пользователя"},
        {"users", "пользователей"},
        {"weights", "веса"},
        {"yes", "да"},
        {"× 730 hours", "× 730 часов"},
        {"Embed this calculator on your site", "Встроить калькулятор на свой сайт"},
        {"Replace YOUR-SITE with your page's origin; add &catalog=, &cur=, &cta=, &theme=, &accent= as the README describes.",
         "Замените YOUR-SITE на адрес своего сайта; добавьте &catalog=, &cur=, &cta=, &theme=, &accent= по README."},
        {"Copy the embed code", "Копировать код вставки"},
        // inputs panel
        {"No model matches", "Нет модели по запросу"},
        {"current, not a match", "текущая, не по запросу"},
        {"Set to {1}, the minimum (typed {2})", "Установлено {1} — это минимум (введено {2})"},
        {"Set to {1}, the maximum (typed {2})", "Установлено {1} — это максимум (введено {2})"},
        {"“{2}” is not a number; kept {1}", "«{2}» — не число; оставлено {1}"},
        {"“{2}” is too large a number; kept {1}", "«{2}» — слишком большое число; оставлено {1}"},
        {"Nothing typed; kept {1}", "Ничего не введено; оставлено {1}"},
        {"context, tokens", "контекст, токенов"},
        {"GB", "ГБ"},
        {"tokens/s per user", "токенов/с на пользователя"},
    };
    return t;
}

}  // namespace

void set_language(const std::string& lang) { g_lang = lang == "ru" ? "ru" : "en"; }
const std::string& language() { return g_lang; }

const char* tr(const char* english) {
    if (g_lang != "ru") return english;
    const auto& t = russian();
    auto it = t.find(english);
    return it == t.end() ? english : it->second;
}

// Engine warnings are English; the common ones have a Russian text keyed by their stable code.
std::string warning_text(const Warning& w) {
    if (language() != "ru") return w.text;
    static const std::pair<const char*, const char*> ru[] = {
        {"gpu.estimated", "часть характеристик этого GPU в каталоге — оценка"},
        {"gpu.tp_over_pcie", "тензорный параллелизм по PCIe (без NVLink): all-reduce замедляет декодирование"},
        {"gpu.low_bandwidth", "пропускная способность памяти ниже 500 ГБ/с, рекомендуемых гайдом для ML"},
        {"gpu.no_nvlink_training", "обучение на нескольких GPU без NVLink: all-reduce градиентов по PCIe медленнее"},
        {"assumption.nvenc", "допущение: ~13 потоков 1080p30 на один движок NVENC (пресет P4), ±50 %"},
        {"model.custom", "своя модель: ширина FFN принята 4·hidden, словарь неизвестен"},
        {"model.context_over_max", "контекст больше максимального контекста модели: память посчитана как задано, но модель не использует токены сверх своего максимума"},
    };
    for (const auto& [code, text] : ru)
        if (w.code == code) return text;
    return w.text;
}

std::string reason_text(const Option& o) { return o.reason; }

}  // namespace gpusizer::ui
