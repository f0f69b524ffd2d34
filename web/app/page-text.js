// The page's own words, in the UI's language (the canvas has its own tables).
const PAGE_TEXT = {
  en: { skip: 'Skip to results', copy: 'Copy link', copied: 'Copied', copyTitle: 'Copy a link to this configuration', close: 'Close',
    canvas: 'GPU sizing calculator (interactive canvas); Tab moves through its controls, Escape leaves it; the results are also listed below as text',
    summary: 'Results as text', caption: 'Every GPU evaluated for this configuration', title: 'gpusizer: GPU sizing calculator',
    importTitle: 'Size your own model',
    importHelp: 'Paste a Hugging Face config.json below, or drop it on the page (with model.safetensors.index.json for the exact parameter count, and ModelOpt\'s hf_quant_config.json when the checkpoint has one). It is read in this page and never uploaded; the link then carries the model\'s architecture.',
    importFile: 'Or choose the files:', importGo: 'Size this model', imported: 'Model imported',
    withIndex: 'With {name}: the exact parameter count', withQuant: 'With {name}: the checkpoint\'s quantization',
    tooBig: 'larger than {max}, not read',
    notConfig: 'not config.json, model.safetensors.index.json or hf_quant_config.json, not read',
    moreIgnored: 'and {n} more files not read', noConfig: 'no config.json among the files',
    noRussian: 'The Russian text could not be loaded', noReader: 'the JSON reader could not load ({why})' },
  ru: { skip: 'К результатам', copy: 'Ссылка', copied: 'Скопировано', copyTitle: 'Скопировать ссылку на эту конфигурацию', close: 'Закрыть',
    canvas: 'Калькулятор GPU (интерактивный холст); Tab переходит по элементам управления, Escape выходит из него; результаты продублированы ниже текстом',
    summary: 'Результаты текстом', caption: 'Все GPU, оценённые для этой конфигурации', title: 'gpusizer: калькулятор GPU',
    importTitle: 'Своя модель',
    importHelp: 'Вставьте config.json модели с Hugging Face ниже или перетащите его на страницу (вместе с model.safetensors.index.json — для точного числа параметров — и hf_quant_config.json от ModelOpt, если он есть у чекпойнта). Файл читается в этой странице и никуда не загружается; затем архитектуру модели несёт ссылка.',
    importFile: 'Или выберите файлы:', importGo: 'Посчитать модель', imported: 'Модель импортирована',
    withIndex: 'С {name}: точное число параметров', withQuant: 'С {name}: квантование чекпойнта',
    tooBig: 'больше {max}, не прочитан',
    notConfig: 'не config.json, model.safetensors.index.json или hf_quant_config.json, не прочитан',
    moreIgnored: 'и ещё файлов, не прочитанных: {n}', noConfig: 'среди файлов нет config.json',
    noRussian: 'Русский текст не загрузился', noReader: 'модуль чтения JSON не загрузился ({why})' },
};
function translatePage() {
  const t = PAGE_TEXT[lang];
  if (!$('copy-link').classList.contains('done')) $('copy-link').textContent = t.copy;
  $('copy-link').title = t.copyTitle;
  $('skip-link').textContent = t.skip;
  $('share-close').textContent = t.close;
  $('canvas').setAttribute('aria-label', t.canvas);
  $('summary').setAttribute('aria-label', t.summary);
  $('summary-table').caption.textContent = t.caption;
  $('summary-title').textContent = t.title;
  $('import-title').textContent = t.importTitle;
  $('import-help').textContent = t.importHelp;
  $('import-file-label').textContent = t.importFile;
  $('import-go').textContent = t.importGo;
  $('import-close').textContent = t.close;
  $('import').setAttribute('aria-label', t.importTitle);
  showIndex();
}
translatePage();
