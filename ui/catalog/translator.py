"""Messages of screen 6, the toy translator (prefix ``tr.``)."""

EN: dict[str, str] = {
    "tr.lead": (
        "Screen 5 follows one read. Here two small translators were trained end to end in numpy on a toy "
        "English-like to French-like language: both have the same bidirectional GRU encoder and GRU decoder, one "
        "reads the source with the additive scorer at every target step (Bahdanau's order: $c_t$ from $s_{t-1}$), the "
        "other gets one fixed summary of the source for every step. Neither was ever told which source word a "
        "target word comes from: the only training signal is the translation loss."
    ),
    "tr.not": (
        "What this is not: a toy language (36 source words, one grammar), small models ({attention:,} and "
        "{summary:,} parameters, {steps:,} training steps) and a qualitative echo of Bahdanau et al.'s findings, "
        "not their numbers."
    ),
    # --- sentence ------------------------------------------------------------------------------------
    "tr.pick": "Test sentence",
    "tr.pick_help": (
        "Sentences the models never saw in training, shortest first: one for each length from 3 to 24 words, then "
        "longer than any training sentence (25 to 32 words). Most contain adjectives, which the target language "
        "puts after the noun in mirror order."
    ),
    "tr.pick_typed": "(a typed sentence)",
    "tr.pick_label": "{n} words: {sentence}",
    "tr.pick_label_long": "{n} words, longer than training: {sentence}",
    "tr.type": "…or type a sentence in the toy vocabulary",
    "tr.type_help": "Press Enter to translate. The words the models know: {vocabulary}.",
    "tr.field_sentence": "Sentence",
    "tr.why_empty": "expected at least one word, got none",
    "tr.why_too_long": "expected at most {most} words, got {n}",
    "tr.why_unknown": "unknown word(s) {words}; the source vocabulary is: {vocabulary}",
    "tr.why_unknown_more": "unknown word(s) {words} and {more} more; the source vocabulary is: {vocabulary}",
    "tr.why_other": "not a sentence the toy translator can read",
    "tr.outside": (
        "This sentence uses known words but is outside the toy grammar ({reason}). Both models still translate it, "
        "but there is no reference translation and no true correspondence to overlay; the heatmap shows the "
        "weights while the attention model reads its own output."
    ),
    "tr.why_grammar": "expected {expected}, got {got}",
    "tr.expect_determiner": "a determiner ({words})",
    "tr.expect_noun": "an adjective or a noun ({words})",
    "tr.expect_verb": "a verb ({words})",
    "tr.expect_more": "a preposition, a conjunction ({words}) or the end",
    "tr.got_word": "'{word}' at word {k}",
    "tr.got_end": "the end of the sentence",
    # --- translations --------------------------------------------------------------------------------
    "tr.col_who": "",
    "tr.col_text": "translation",
    "tr.col_match": "against the reference",
    "tr.row_source": "source ({n} words)",
    "tr.row_reference": "reference (the toy grammar's rules)",
    "tr.row_attention": "**with attention**",
    "tr.row_summary": "**fixed summary**",
    "tr.no_reference": "none: outside the toy grammar",
    "tr.match": ":green[:material/check_circle: the same]",
    "tr.mismatch": ":red[:material/cancel: differs from word {k} on] (in bold)",
    "tr.unchecked": "no reference to compare with",
    "tr.no_end": "… (no end of sentence within {n} words)",
    "tr.translations_caption": (
        "Greedy decoding with the final parameters (step {step}): each model emits its most probable word, "
        "feeds it back and stops at the end-of-sentence token. Exact match on the test set: {attention:.3f} with "
        "attention and {summary:.3f} with the fixed summary, which fails mostly on long sentences (second tab below)."
    ),
    # --- heatmap -------------------------------------------------------------------------------------
    "tr.step": "Training step (stored snapshot)",
    "tr.step_help": (
        "The attention model's parameters at this step of its {steps} training steps (stored at steps {stored}); "
        "step 0 is the random initialisation. Slide from 0 to watch the alignment emerge."
    ),
    "tr.overlay": "True correspondence",
    "tr.overlay_help": (
        "Outline the cell of the source word each target word translates, as the toy grammar's rules say. The "
        "model never saw this; it is only used to check what it learned."
    ),
    "tr.bad_step": "expected one of the stored snapshot steps {steps}, got '{value}'",
    "tr.bad_tab": "expected one of {tabs}, got '{value}'",
    "tr.tab_alignment": "Where the attention model reads",
    "tr.tab_forcing": "Training and translation",
    "tr.tab_results": "Accuracy against length · training loss",
    "tr.tab_live": "Train a small one live",
    "tr.overlay_off": "No true correspondence for a sentence outside the toy grammar.",
    "tr.x_title": "source word xⱼ",
    "tr.y_title": "target token yₜ",
    "tr.tip_target": "target token yₜ",
    "tr.tip_source": "source word xⱼ",
    "tr.tip_alpha": "αₜⱼ",
    "tr.tip_true": "true correspondence",
    "tr.yes": "yes",
    "tr.no": "no",
    "tr.heatmap_caption": (
        "Each row is one target step $t$: the weights $\\alpha_{{tj}}$ over the source words (columns) with which "
        "the attention model read the source before emitting $y_t$, while decoding the reference translation "
        "(teacher forcing, so every snapshot reads the same target words). Darker is heavier; each row sums to 1; "
        "exact values in the tooltips. At step 0 every row is nearly uniform ($1/T$ = {uniform}); by the last "
        "snapshot each target word reads its own source word, and where adjectives follow the noun in reverse "
        "order the alignment crosses the diagonal. The model never saw the true correspondence (the outlines). "
        "A weight is not a causal importance: each $h_j$ also carries its neighbours (the encoder reads both "
        "ways), so a weight says where this read looks, not what caused the output. A number in brackets is the "
        "word's position, to tell repeated words apart."
    ),
    "tr.heatmap_caption_own": (
        "Each row is one target step $t$ of the attention model's own output at this snapshot: the weights "
        "$\\alpha_{tj}$ over the source words (columns); darker is heavier, each row sums to 1, exact values in "
        "the tooltips. Without a reference there is no true correspondence to compare with. A weight says where "
        "this read looks, not what caused the output."
    ),
    # --- training and translation (teacher forcing) ---------------------------------------------------
    "tr.forcing_lead": (
        "The translator was trained on sequence losses: for each sentence pair one term $-\\log p(y_t \\mid "
        "y_{<t}, x)$ a target step, summed over its $U$ steps (and over a batch's pairs, divided by the batch's "
        "number of target words). At step $t$ the decoder is fed one previous word. "
        "In training it is the true $y_{t-1}$ (teacher forcing), whatever the model would have said; in "
        "translation no true word exists, so it is fed its own previous prediction $\\hat y_{t-1}$. Below, the "
        "attention model at the chosen snapshot runs both ways on the reference translation of your sentence, "
        "and each step scores the reference word."
    ),
    "tr.forcing_training": "training",
    "tr.forcing_translation": "translation",
    "tr.forcing_training_eq": "training:",
    "tr.forcing_translation_eq": "translation:",
    "tr.forcing_x": "target step t",
    "tr.forcing_y": "−log p(yₜ | words fed, x)",
    "tr.forcing_start": "<s> (start)",
    "tr.forcing_end": "</s> (end)",
    "tr.forcing_differs": "◀ differs",
    "tr.forcing_differs_help": "Translation is fed a different word here than training.",
    "tr.tip_regime": "run",
    "tr.tip_fed": "word fed",
    "tr.forcing_col_target": "reference yₜ",
    "tr.forcing_col_training_fed": "training: fed",
    "tr.forcing_col_training_predicted": "training: predicts",
    "tr.forcing_col_training_nll": "training: −log p(yₜ)",
    "tr.forcing_col_translation_fed": "translation: fed",
    "tr.forcing_col_predicted": "translation: predicts",
    "tr.forcing_col_translation_nll": "translation: −log p(yₜ)",
    "tr.forcing_caption": (
        "Each point is one target step: $-\\log p(y_t \\mid \\text{words fed}, x)$ of the reference word, "
        "fed the true previous words (solid) or the model's own predictions (dashed); the tooltips name the "
        "word fed. Until the first word fed differently the two lines coincide exactly. The chart does not "
        "show the probabilities of the other words, nor what the decoder reads (first tab)."
    ),
    "tr.forcing_sums": (
        "Summed over the $U$ = {U} steps at step {step}: **{training}** fed the true previous words, the sequence "
        "loss $L(\\theta)$ of this sentence, the quantity training lowers on its training pairs; **{translation}** "
        "fed the model's own predictions, a sum no training step computes."
    ),
    "tr.forcing_parts": (
        "The translation first predicts a wrong word at step {wrong_step}: “{wrong}” where the reference has "
        "“{right}”. Step {step} is fed that word, and the later steps are conditioned on a past that training "
        "never showed."
    ),
    "tr.forcing_same": (
        "At step {step} the translation predicts the reference word at every step that feeds a later one, so both "
        "runs are fed the same words and the two sums are equal. The stored snapshots where they part: {others}."
    ),
    "tr.forcing_same_always": (
        "At step {step}, and at every stored snapshot, the translation predicts the reference word at every step "
        "that feeds a later one, so both runs are fed the same words and the two sums are equal."
    ),
    "tr.forcing_ended": (
        "The translation predicted the end of the sentence at step {step}, before the reference ends; a "
        "translator stops there. The table keeps feeding its predictions so that every reference word gets a "
        "probability."
    ),
    "tr.forcing_table_caption": (
        "Each row is one target step: the reference word $y_t$, the word each run is fed, the word the "
        "translation predicts (fed to the next step) and each run's $-\\log p(y_t)$. The CSV in “Take home: "
        "numbers and handout” has every row."
    ),
    "tr.forcing_outside": (
        "This sentence is outside the toy grammar, so there is no reference translation: no true previous words "
        "to feed and no sequence loss to sum. Pick a test sentence to compare training with translation."
    ),
    # --- accuracy and loss ---------------------------------------------------------------------------
    "tr.model_attention": "with attention",
    "tr.model_summary": "fixed summary",
    "tr.length": "source length (words)",
    "tr.exact": "exact match",
    "tr.longer": "longer than\nany training\nsentence",
    "tr.tip_model": "model",
    "tr.tip_sentences": "test sentences",
    "tr.accuracy_caption": (
        "The share of test sentences of each length translated exactly right (every word and the end), by greedy "
        "decoding, both models. Training sentences had 3 to {train_max} words; the shaded lengths are longer "
        "than any of them ({long_total} sentences). The fixed summary falls as sentences get longer, the "
        "analogue of Bahdanau et al.'s Figure 2; attention loses a little only beyond the training lengths. A toy "
        "task and small models: the shape echoes the paper, the numbers are not its BLEU scores."
    ),
    "tr.bottleneck_caveat": (
        "As the article notes, a fixed width is no proof that encoding a long sentence is impossible: Bahdanau "
        "et al. treated it as a potential bottleneck."
    ),
    "tr.bottleneck_zero": (
        "From {zero_from} words on the fixed summary gets no test sentence right; yet, as the article notes, a "
        "fixed width is no proof that encoding a long sentence is impossible: Bahdanau et al. treated it as a "
        "potential bottleneck."
    ),
    "tr.longer_training": (
        "Our own finding: trained for {long_steps:,} steps instead of {steps:,}, the fixed-summary model reached "
        "{long_exact} exact match on the test set instead of {exact:.3f}, perfect up to {perfect} words but at "
        "most {at_most} from {low_from} words on."
    ),
    "tr.step_x": "training step",
    "tr.loss": "training loss (log scale)",
    "tr.tip_loss": "training loss",
    "tr.loss_caption": (
        "Mean cross-entropy per target word of the training batches (64 sentences each), log scale; each point "
        "averages {block} consecutive steps (the CSV has all {steps} steps of both models). The fixed-summary "
        "model's loss levels off far above the attention model's. A loss on training batches, not a test score; "
        "one seed, one run each."
    ),
    # --- live training -------------------------------------------------------------------------------
    "tr.live_lead": (
        "A short live run: a smaller attention model ({parameters:,} parameters) trained from scratch for "
        "{steps:,} steps on training sentences of up to {max_length} words, in its own low-priority process on "
        "this server's CPU, so the screens stay quick for other readers while it trains. Every {probe_every} "
        "steps the heatmap shows how it reads the probe sentence “{probe}”."
    ),
    "tr.live_start": "Start a live run",
    "tr.live_start_help": "One live run per server at a time; the rest of the page stays usable while it trains.",
    "tr.live_stop": "Stop",
    "tr.live_stop_help": "End the run after the current step.",
    "tr.live_refused": (
        "A live run started by another reader is already training on this server (step {step} of {steps}). Only "
        "one runs at a time so the screen stays quick for everyone: try again in a few seconds."
    ),
    "tr.live_progress": "Step {step} of {steps} · {remaining} to go · loss {loss} · {seconds:.1f} s elapsed",
    "tr.live_finished": "Finished: {step} steps in {seconds:.1f} s; the last batch's loss was {loss}.",
    "tr.live_cooldown": (
        "Your last live run ended less than {cooldown} s ago: you can start another in {wait} s. The pause keeps "
        "one reader from holding the server's one live run for the whole class."
    ),
    "tr.live_off": (
        "Live training is turned off on this server (its host cannot spare the CPU). The recorded training "
        "snapshots remain in the first two tabs."
    ),
    "tr.live_stopped": "Stopped at step {step} of {steps} ({seconds:.1f} s).",
    "tr.live_timeout": "Stopped at step {step} of {steps}: the run reached its time limit of {limit:.0f} s.",
    "tr.live_failed": "The live run failed at step {step}: {error}",
    "tr.live_died": (
        "The live run failed at step {step}: the training process ended without finishing (exit code {code})"
    ),
    "tr.live_heatmap": "$\\alpha_{{tj}}$ for the probe sentence at step {step}",
    "tr.live_heatmap_caption": (
        "The live model's weights $\\alpha_{tj}$ for the probe sentence read with teacher forcing: rows target "
        "tokens, columns source words, outlined cells the true correspondence when it is switched on in the first "
        "tab. A smaller model trained briefly: its alignment may stay blurrier than the shipped model's, and a row "
        "may settle on a neighbouring word, whose annotation $h_j$ also encodes the word next to it."
    ),
    "tr.live_loss_caption": (
        "The live run's training loss (batches of 32 sentences), log scale, each point the mean of {block} "
        "consecutive steps; the CSV has every step."
    ),
}

ZH: dict[str, str] = {
    "tr.lead": (
        "第 5 页只跟踪一次读取。这里有两个小翻译器，用 numpy 在一对玩具语言上端到端训练（源语言像英语，目标语言像"
        "法语）：两者的编码器都是同样的双向 GRU，解码器都是 GRU；一个在每个目标步都用加性打分函数读取源序列"
        "（Bahdanau 的顺序：$c_t$ 由 $s_{t-1}$ 得出），另一个每一步得到的都是源序列的同一个固定摘要。从没有人告诉"
        "它们某个目标词来自哪个源词：唯一的训练信号是翻译损失。"
    ),
    "tr.not": (
        "它不是什么：这是一门玩具语言（36 个源词、一套语法）和两个小模型（{attention:,} 与 {summary:,} 个参数，"
        "训练 {steps:,} 步），只是定性地呼应 Bahdanau 等人的发现，而不是他们的数字。"
    ),
    # --- sentence ------------------------------------------------------------------------------------
    "tr.pick": "测试句子",
    "tr.pick_help": (
        "模型在训练中从未见过的句子，由短到长：3 到 24 个词每种长度各一句，然后是比任何训练句子都长的句子"
        "（25 到 32 个词）。大多数句子含有形容词，目标语言把形容词放在名词之后，并且顺序颠倒。"
    ),
    "tr.pick_typed": "（输入的句子）",
    "tr.pick_label": "{n} 个词：{sentence}",
    "tr.pick_label_long": "{n} 个词，比训练句子都长：{sentence}",
    "tr.type": "……或用玩具词汇输入一个句子",
    "tr.type_help": "按回车键翻译。模型认识的词：{vocabulary}。",
    "tr.field_sentence": "句子",
    "tr.why_empty": "应至少有一个词，实际一个也没有",
    "tr.why_too_long": "应至多有 {most} 个词，实际有 {n} 个",
    "tr.why_unknown": "有未知的词 {words}；源词汇为：{vocabulary}",
    "tr.why_unknown_more": "有未知的词 {words}，另有 {more} 个；源词汇为：{vocabulary}",
    "tr.why_other": "玩具翻译器读不了这个句子",
    "tr.outside": (
        "这个句子用的都是已知的词，但不符合玩具语法（{reason}）。两个模型仍会翻译它，但没有参考译文，也没有可叠加"
        "的真实对应关系；热力图显示的是注意力模型读取自己的输出时的权重。"
    ),
    "tr.why_grammar": "此处应为{expected}，实际为{got}",
    "tr.expect_determiner": "限定词（{words}）",
    "tr.expect_noun": "形容词或名词（{words}）",
    "tr.expect_verb": "动词（{words}）",
    "tr.expect_more": "介词、连词（{words}）或句子结尾",
    "tr.got_word": "第 {k} 个词“{word}”",
    "tr.got_end": "句子结尾",
    # --- translations --------------------------------------------------------------------------------
    "tr.col_who": "出处",
    "tr.col_text": "译文",
    "tr.col_match": "与参考译文比较",
    "tr.row_source": "源句（{n} 个词）",
    "tr.row_reference": "参考译文（按玩具语法的规则）",
    "tr.row_attention": "**带注意力**",
    "tr.row_summary": "**固定摘要**",
    "tr.no_reference": "无：不符合玩具语法",
    "tr.match": ":green[:material/check_circle: 相同]",
    "tr.mismatch": ":red[:material/cancel: 从第 {k} 个词起不同]（见加粗处）",
    "tr.unchecked": "没有可比较的参考译文",
    "tr.no_end": "……（{n} 个词内没有句末标记）",
    "tr.translations_caption": (
        "用最终参数（第 {step} 步）贪心解码：每个模型输出它认为最可能的词，把这个词送回输入，遇到句末词元就停止。"
        "测试集上的完全匹配率：带注意力为 {attention:.3f}，固定摘要为 {summary:.3f}；后者主要在长句上失败"
        "（见下方第二个标签页）。"
    ),
    # --- heatmap -------------------------------------------------------------------------------------
    "tr.step": "训练步（已存快照）",
    "tr.step_help": (
        "注意力模型在其 {steps} 个训练步中这一步的参数（存有第 {stored} 步的快照）；第 0 步是随机初始化。"
        "从 0 开始拖动，看对齐如何浮现。"
    ),
    "tr.overlay": "真实对应关系",
    "tr.overlay_help": (
        "按玩具语法的规则，给每个目标词所翻译的源词那一格描边。模型从未见过它；它只用来检验模型学到了什么。"
    ),
    "tr.bad_step": "应为已存快照的训练步 {steps} 之一，实际为“{value}”",
    "tr.bad_tab": "应为 {tabs} 之一，实际为“{value}”",
    "tr.tab_alignment": "注意力模型读哪里",
    "tr.tab_forcing": "训练与翻译",
    "tr.tab_results": "准确率与长度 · 训练损失",
    "tr.tab_live": "现场训练一个小模型",
    "tr.overlay_off": "不符合玩具语法的句子没有真实对应关系。",
    "tr.x_title": "源词 xⱼ",
    "tr.y_title": "目标词元 yₜ",
    "tr.tip_target": "目标词元 yₜ",
    "tr.tip_source": "源词 xⱼ",
    "tr.tip_alpha": "αₜⱼ",
    "tr.tip_true": "真实对应",
    "tr.yes": "是",
    "tr.no": "否",
    "tr.heatmap_caption": (
        "每一行是一个目标步 $t$：注意力模型在输出 $y_t$ 之前读取源序列时，分布在各源词（列）上的权重 "
        "$\\alpha_{{tj}}$；此时解码的是参考译文（教师强制，所以每个快照读的都是同样的目标词）。颜色越深，权重越大；"
        "每行之和为 1；精确数值见提示框。在第 0 步，每一行都近乎均匀（$1/T$ = {uniform}）；到最后一个快照，每个"
        "目标词都读自己的源词，而在形容词以相反顺序跟在名词后面的地方，对齐会穿过对角线。模型从未见过真实对应关系"
        "（描边的格子）。权重不是因果重要性：每个 $h_j$ 也携带了它的邻居（编码器双向读取），所以权重说明的是这次"
        "读取看向哪里，而不是什么导致了输出。括号里的数字是词的位置，用来区分重复的词。"
    ),
    "tr.heatmap_caption_own": (
        "每一行是注意力模型在这个快照下自己输出的一个目标步 $t$：分布在各源词（列）上的权重 $\\alpha_{tj}$；"
        "颜色越深，权重越大，每行之和为 1，精确数值见提示框。没有参考译文，也就没有可比较的真实对应关系。权重说明"
        "的是这次读取看向哪里，而不是什么导致了输出。"
    ),
    # --- training and translation (teacher forcing) ---------------------------------------------------
    "tr.forcing_lead": (
        "翻译器是用序列损失训练的：每个句对在每个目标步有一项 $-\\log p(y_t \\mid y_{<t}, x)$，对它的 $U$ 步"
        "求和（再对一个批次的所有句对求和，除以该批次的目标词总数）。在第 $t$ 步，解码器被喂入一个前一个词。"
        "训练时喂入的是真实的 $y_{t-1}$（教师强制），不管模型自己会说什么；翻译时没有真实的词，所以喂入的是它自己"
        "上一步的预测 $\\hat y_{t-1}$。下面，所选快照下的注意力模型以这两种方式在你的句子的参考译文上运行，"
        "每一步都为参考词打分。"
    ),
    "tr.forcing_training": "训练",
    "tr.forcing_translation": "翻译",
    "tr.forcing_training_eq": "训练：",
    "tr.forcing_translation_eq": "翻译：",
    "tr.forcing_x": "目标步 t",
    "tr.forcing_y": "−log p(yₜ | 喂入的词, x)",
    "tr.forcing_start": "<s>（开始）",
    "tr.forcing_end": "</s>（结束）",
    "tr.forcing_differs": "◀ 不同",
    "tr.forcing_differs_help": "这里翻译被喂入的词与训练时不同。",
    "tr.tip_regime": "运行方式",
    "tr.tip_fed": "喂入的词",
    "tr.forcing_col_target": "参考词 yₜ",
    "tr.forcing_col_training_fed": "训练：喂入",
    "tr.forcing_col_training_predicted": "训练：预测",
    "tr.forcing_col_training_nll": "训练：−log p(yₜ)",
    "tr.forcing_col_translation_fed": "翻译：喂入",
    "tr.forcing_col_predicted": "翻译：预测",
    "tr.forcing_col_translation_nll": "翻译：−log p(yₜ)",
    "tr.forcing_caption": (
        "每个点是一个目标步：参考词的 $-\\log p(y_t \\mid \\text{喂入的词}, x)$，喂入真实的前一个词（实线）或模型"
        "自己的预测（虚线）；提示框写出喂入的词。在第一个喂入不同词的步之前，两条线完全重合。图中没有显示其他词的"
        "概率，也没有显示解码器读取了什么（见第一个标签页）。"
    ),
    "tr.forcing_sums": (
        "第 {step} 步的快照，对 $U$ = {U} 步求和：喂入真实的前一个词时为 **{training}**，这是该句的序列损失 "
        "$L(\\theta)$，也就是训练在训练句对上所降低的量；喂入模型自己的预测时为 **{translation}**，这个和没有"
        "任何训练步会计算。"
    ),
    "tr.forcing_parts": (
        "翻译在第 {wrong_step} 步第一次预测了错词：参考译文是“{right}”，它预测的是“{wrong}”。第 {step} 步被喂入"
        "这个词，之后的各步都以一段训练中从未出现过的历史为条件。"
    ),
    "tr.forcing_same": (
        "在第 {step} 步的快照下，凡是会喂给后一步的步，翻译预测的都是参考词，所以两次运行喂入的词相同，两个和也"
        "相等。两者分开的已存快照：{others}。"
    ),
    "tr.forcing_same_always": (
        "在第 {step} 步的快照下，以及在每个已存快照下，凡是会喂给后一步的步，翻译预测的都是参考词，所以两次运行"
        "喂入的词相同，两个和也相等。"
    ),
    "tr.forcing_ended": (
        "翻译在第 {step} 步就预测了句子结束，早于参考译文的结尾；真正的翻译器会停在那里。表格继续喂入它的预测，"
        "好让每个参考词都得到一个概率。"
    ),
    "tr.forcing_table_caption": (
        "每一行是一个目标步：参考词 $y_t$、每次运行喂入的词、翻译预测的词（喂给下一步）以及每次运行的 "
        "$-\\log p(y_t)$。“带走：数据与讲义”中的 CSV 包含每一行。"
    ),
    "tr.forcing_outside": (
        "这个句子不符合玩具语法，所以没有参考译文：没有真实的前一个词可以喂入，也没有序列损失可以求和。选一个测试"
        "句子来比较训练与翻译。"
    ),
    # --- accuracy and loss ---------------------------------------------------------------------------
    "tr.model_attention": "带注意力",
    "tr.model_summary": "固定摘要",
    "tr.length": "源句长度（词数）",
    "tr.exact": "完全匹配率",
    "tr.longer": "比任何\n训练句子\n都长",
    "tr.tip_model": "模型",
    "tr.tip_sentences": "测试句子数",
    "tr.accuracy_caption": (
        "两个模型用贪心解码时，每种长度的测试句子中被完全译对（每个词以及句末都对）的比例。训练句子有 3 到 "
        "{train_max} 个词；阴影部分的长度比所有训练句子都长（共 {long_total} 个句子）。固定摘要随句子变长而下降，"
        "这相当于 Bahdanau 等人的图 2；注意力只在超出训练长度后才略有下降。这是玩具任务和小模型：曲线的形状呼应"
        "他们的论文，数字并不是论文的 BLEU 分数。"
    ),
    "tr.bottleneck_caveat": (
        "正如原文所说，固定宽度并不能证明编码一个长句是不可能的：Bahdanau 等人把它看作一个潜在的瓶颈。"
    ),
    "tr.bottleneck_zero": (
        "从 {zero_from} 个词起，固定摘要没有译对任何一个测试句子；不过正如原文所说，固定宽度并不能证明编码一个"
        "长句是不可能的：Bahdanau 等人把它看作一个潜在的瓶颈。"
    ),
    "tr.longer_training": (
        "我们自己的发现：把固定摘要模型训练 {long_steps:,} 步而不是 {steps:,} 步，它在测试集上的完全匹配率为 "
        "{long_exact}，而不是 {exact:.3f}；{perfect} 个词以内全对，但从 {low_from} 个词起至多为 {at_most}。"
    ),
    "tr.step_x": "训练步",
    "tr.loss": "训练损失（对数刻度）",
    "tr.tip_loss": "训练损失",
    "tr.loss_caption": (
        "训练批次（每批 64 个句子）上每个目标词的平均交叉熵，对数刻度；每个点是 {block} 个连续步的平均（CSV 包含"
        "两个模型全部 {steps} 步）。固定摘要模型的损失在远高于注意力模型的位置趋于平稳。这是训练批次上的损失，"
        "不是测试分数；每个模型只有一个随机种子、一次运行。"
    ),
    # --- live training -------------------------------------------------------------------------------
    "tr.live_lead": (
        "一次简短的现场训练：一个更小的注意力模型（{parameters:,} 个参数）从零开始，在不超过 {max_length} 个词的"
        "训练句子上训练 {steps:,} 步；它在这台服务器 CPU 上自己的低优先级进程里运行，所以训练期间其他读者的页面"
        "依然流畅。每隔 {probe_every} 步，热力图显示它如何读取探针句子“{probe}”。"
    ),
    "tr.live_start": "开始现场训练",
    "tr.live_start_help": "每台服务器同一时间只有一次现场训练；训练期间页面的其余部分照常可用。",
    "tr.live_stop": "停止",
    "tr.live_stop_help": "在当前这一步之后结束训练。",
    "tr.live_refused": (
        "另一位读者启动的现场训练已经在这台服务器上运行（第 {step} 步，共 {steps} 步）。同一时间只运行一个，"
        "好让每个人的页面都保持流畅：请过几秒再试。"
    ),
    "tr.live_progress": "第 {step} 步，共 {steps} 步 · 还剩 {remaining} 步 · 损失 {loss} · 已用 {seconds:.1f} 秒",
    "tr.live_finished": "完成：{step} 步，用时 {seconds:.1f} 秒；最后一批的损失为 {loss}。",
    "tr.live_cooldown": (
        "你上一次现场训练结束还不到 {cooldown} 秒：{wait} 秒后可以再开始一次。这段间隔是为了不让一位读者替全班"
        "占住服务器唯一的现场训练。"
    ),
    "tr.live_off": ("这台服务器关闭了现场训练（它的主机腾不出 CPU）。前两个标签页里仍有记录下来的训练快照。"),
    "tr.live_stopped": "停在第 {step} 步，共 {steps} 步（{seconds:.1f} 秒）。",
    "tr.live_timeout": "停在第 {step} 步，共 {steps} 步：这次训练达到了 {limit:.0f} 秒的时间上限。",
    "tr.live_failed": "现场训练在第 {step} 步失败：{error}",
    "tr.live_died": "现场训练在第 {step} 步失败：训练进程没有完成就结束了（退出码 {code}）",
    "tr.live_heatmap": "第 {step} 步时探针句子的 $\\alpha_{{tj}}$",
    "tr.live_heatmap_caption": (
        "现场模型在教师强制下读取探针句子时的权重 $\\alpha_{tj}$：行是目标词元，列是源词；在第一个标签页打开真实"
        "对应关系时，描边的格子就是它。这是一个只短暂训练过的小模型：它的对齐可能比随附模型的更模糊，某一行也可能"
        "停在相邻的词上，因为那个词的源表示 $h_j$ 也编码了它旁边的词。"
    ),
    "tr.live_loss_caption": (
        "现场训练的训练损失（每批 32 个句子），对数刻度，每个点是 {block} 个连续步的平均；CSV 包含每一步。"
    ),
}

FR: dict[str, str] = {
    "tr.lead": (
        "L'écran 5 suit une seule lecture. Ici, deux petits traducteurs ont été entraînés de bout en bout en numpy sur "
        "une langue miniature, d'un quasi-anglais vers un quasi-français : tous deux ont le même encodeur GRU "
        "bidirectionnel et le même décodeur GRU ; l'un lit la source avec la fonction de score additive à chaque étape "
        "cible (l'ordre de Bahdanau : $c_t$ à partir de $s_{t-1}$), l'autre reçoit à chaque étape un même résumé fixe "
        "de la source. On n'a jamais dit à aucun des deux de quel mot source vient un mot cible : le seul signal "
        "d'entraînement est la perte de traduction."
    ),
    "tr.not": (
        "Ce que ce n'est pas : c'est une langue miniature (36 mots source, une grammaire), de petits modèles "
        "({attention:,} et {summary:,} paramètres, {steps:,} étapes d'entraînement) et un écho qualitatif des "
        "résultats de Bahdanau et al., pas leurs chiffres."
    ),
    # --- sentence ------------------------------------------------------------------------------------
    "tr.pick": "Phrase de test",
    "tr.pick_help": (
        "Des phrases que les modèles n'ont jamais vues à l'entraînement, des plus courtes aux plus longues : une pour "
        "chaque longueur de 3 à 24 mots, puis plus longues que toute phrase d'entraînement (25 à 32 mots). La plupart "
        "contiennent des adjectifs, que la langue cible place après le nom, en ordre inverse."
    ),
    "tr.pick_typed": "(une phrase saisie)",
    "tr.pick_label": "{n} mots : {sentence}",
    "tr.pick_label_long": "{n} mots, plus longue qu'à l'entraînement : {sentence}",
    "tr.type": "… ou tapez une phrase dans le vocabulaire miniature",
    "tr.type_help": "Appuyez sur Entrée pour traduire. Les mots que connaissent les modèles : {vocabulary}.",
    "tr.field_sentence": "Phrase",
    "tr.why_empty": "attendu : au moins un mot, reçu : aucun",
    "tr.why_too_long": "attendu : au plus {most} mots, reçu : {n}",
    "tr.why_unknown": "mot(s) inconnu(s) {words} ; le vocabulaire source est : {vocabulary}",
    "tr.why_unknown_more": "mot(s) inconnu(s) {words} et {more} autre(s) ; le vocabulaire source est : {vocabulary}",
    "tr.why_other": "une phrase que le traducteur miniature ne sait pas lire",
    "tr.outside": (
        "Cette phrase n'emploie que des mots connus mais sort de la grammaire miniature ({reason}). Les deux modèles "
        "la traduisent quand même, mais il n'y a ni traduction de référence ni correspondance vraie à superposer ; la "
        "carte de chaleur montre les poids pendant que le modèle à attention lit sa propre sortie."
    ),
    "tr.why_grammar": "attendu : {expected}, reçu : {got}",
    "tr.expect_determiner": "un déterminant ({words})",
    "tr.expect_noun": "un adjectif ou un nom ({words})",
    "tr.expect_verb": "un verbe ({words})",
    "tr.expect_more": "une préposition, une conjonction ({words}) ou la fin",
    "tr.got_word": "« {word} » au mot {k}",
    "tr.got_end": "la fin de la phrase",
    # --- translations --------------------------------------------------------------------------------
    "tr.col_who": "provenance",
    "tr.col_text": "traduction",
    "tr.col_match": "par rapport à la référence",
    "tr.row_source": "source ({n} mots)",
    "tr.row_reference": "référence (les règles de la grammaire miniature)",
    "tr.row_attention": "**avec attention**",
    "tr.row_summary": "**résumé fixe**",
    "tr.no_reference": "aucune : hors de la grammaire miniature",
    "tr.match": ":green[:material/check_circle: identique]",
    "tr.mismatch": ":red[:material/cancel: diffère à partir du mot {k}] (en gras)",
    "tr.unchecked": "pas de référence à comparer",
    "tr.no_end": "… (pas de fin de phrase en {n} mots)",
    "tr.translations_caption": (
        "Décodage glouton avec les paramètres finaux (étape {step}) : chaque modèle émet son mot le plus probable, le "
        "réinjecte et s'arrête au jeton de fin de phrase. Correspondance exacte sur l'ensemble de test : "
        "{attention:.3f} avec attention et {summary:.3f} avec le résumé fixe, qui échoue surtout sur les phrases "
        "longues (deuxième onglet ci-dessous)."
    ),
    # --- heatmap -------------------------------------------------------------------------------------
    "tr.step": "Étape d'entraînement (instantané enregistré)",
    "tr.step_help": (
        "Les paramètres du modèle à attention à cette étape de ses {steps} étapes d'entraînement (enregistrés aux "
        "étapes {stored}) ; l'étape 0 est l'initialisation aléatoire. Partez de 0 pour voir l'alignement apparaître."
    ),
    "tr.overlay": "Correspondance vraie",
    "tr.overlay_help": (
        "Entoure la case du mot source que traduit chaque mot cible, selon les règles de la grammaire miniature. Le "
        "modèle ne l'a jamais vue ; elle ne sert qu'à vérifier ce qu'il a appris."
    ),
    "tr.bad_step": "attendu : l'une des étapes enregistrées {steps}, reçu « {value} »",
    "tr.bad_tab": "attendu : l'un de {tabs}, reçu « {value} »",
    "tr.tab_alignment": "Où lit le modèle à attention",
    "tr.tab_forcing": "Entraînement et traduction",
    "tr.tab_results": "Exactitude selon la longueur · perte d'entraînement",
    "tr.tab_live": "Entraîner en direct",
    "tr.overlay_off": "Pas de correspondance vraie pour une phrase hors de la grammaire miniature.",
    "tr.x_title": "mot source xⱼ",
    "tr.y_title": "jeton cible yₜ",
    "tr.tip_target": "jeton cible yₜ",
    "tr.tip_source": "mot source xⱼ",
    "tr.tip_alpha": "αₜⱼ",
    "tr.tip_true": "correspondance vraie",
    "tr.yes": "oui",
    "tr.no": "non",
    "tr.heatmap_caption": (
        "Chaque ligne est une étape cible $t$ : les poids $\\alpha_{{tj}}$ sur les mots source (colonnes) avec "
        "lesquels le modèle à attention a lu la source avant d'émettre $y_t$, en décodant la traduction de référence "
        "(forçage par l'enseignant, donc chaque instantané lit les mêmes mots cibles). Plus c'est foncé, plus le poids "
        "est lourd ; chaque ligne somme à 1 ; valeurs exactes dans les infobulles. À l'étape 0, chaque ligne est "
        "presque uniforme ($1/T$ = {uniform}) ; au dernier instantané, chaque mot cible lit son propre mot source, et "
        "là où les adjectifs suivent le nom en ordre inverse, l'alignement croise la diagonale. Le modèle n'a jamais "
        "vu la correspondance vraie (les cases entourées). Un poids n'est pas une importance causale : chaque $h_j$ "
        "porte aussi ses voisins (l'encodeur lit dans les deux sens), donc un poids dit où regarde cette lecture, pas "
        "ce qui a causé la sortie. Un nombre entre parenthèses est la position du mot, pour distinguer les mots "
        "répétés."
    ),
    "tr.heatmap_caption_own": (
        "Chaque ligne est une étape cible $t$ de la propre sortie du modèle à attention à cet instantané : les poids "
        "$\\alpha_{tj}$ sur les mots source (colonnes) ; plus c'est foncé, plus le poids est lourd, chaque ligne somme "
        "à 1, valeurs exactes dans les infobulles. Sans référence, pas de correspondance vraie à comparer. Un poids "
        "dit où regarde cette lecture, pas ce qui a causé la sortie."
    ),
    # --- training and translation (teacher forcing) ---------------------------------------------------
    "tr.forcing_lead": (
        "Le traducteur a été entraîné sur des pertes de séquence : pour chaque paire de phrases, un terme "
        "$-\\log p(y_t \\mid y_{<t}, x)$ par étape cible, sommé sur ses $U$ étapes (et sur les paires d'un lot, divisé "
        "par le nombre de mots cibles du lot). À l'étape $t$, le décodeur reçoit un mot précédent. À l'entraînement, "
        "c'est le vrai $y_{t-1}$ (forçage par l'enseignant, ou teacher forcing), quoi que le modèle aurait dit ; en "
        "traduction, aucun vrai mot n'existe, il reçoit donc sa propre prédiction précédente $\\hat y_{t-1}$. "
        "Ci-dessous, le modèle à attention, à l'instantané choisi, tourne des deux façons sur la traduction de "
        "référence de votre phrase, et chaque étape note le mot de référence."
    ),
    "tr.forcing_training": "entraînement",
    "tr.forcing_translation": "traduction",
    "tr.forcing_training_eq": "entraînement :",
    "tr.forcing_translation_eq": "traduction :",
    "tr.forcing_x": "étape cible t",
    "tr.forcing_y": "−log p(yₜ | mots reçus, x)",
    "tr.forcing_start": "<s> (début)",
    "tr.forcing_end": "</s> (fin)",
    "tr.forcing_differs": "◀ diffère",
    "tr.forcing_differs_help": "Ici, la traduction reçoit un autre mot que l'entraînement.",
    "tr.tip_regime": "mode",
    "tr.tip_fed": "mot reçu",
    "tr.forcing_col_target": "référence yₜ",
    "tr.forcing_col_training_fed": "entraînement : reçoit",
    "tr.forcing_col_training_predicted": "entraînement : prédit",
    "tr.forcing_col_training_nll": "entraînement : −log p(yₜ)",
    "tr.forcing_col_translation_fed": "traduction : reçoit",
    "tr.forcing_col_predicted": "traduction : prédit",
    "tr.forcing_col_translation_nll": "traduction : −log p(yₜ)",
    "tr.forcing_caption": (
        "Chaque point est une étape cible : $-\\log p(y_t \\mid \\text{mots reçus}, x)$ du mot de référence, quand le "
        "décodeur reçoit les vrais mots précédents (trait plein) ou ses propres prédictions (tirets) ; les infobulles "
        "nomment le mot reçu. Jusqu'au premier mot reçu différent, les deux courbes coïncident exactement. Le "
        "graphique ne montre ni les probabilités des autres mots, ni ce que lit le décodeur (premier onglet)."
    ),
    "tr.forcing_sums": (
        "Somme sur les $U$ = {U} étapes, à l'étape {step} : **{training}** en recevant les vrais mots précédents, la "
        "perte de séquence $L(\\theta)$ de cette phrase, la quantité que l'entraînement fait baisser sur ses paires "
        "d'entraînement ; **{translation}** en recevant ses propres prédictions, une somme qu'aucune étape "
        "d'entraînement ne calcule."
    ),
    "tr.forcing_parts": (
        "La traduction prédit pour la première fois un mauvais mot à l'étape {wrong_step} : « {wrong} » là où la "
        "référence a « {right} ». L'étape {step} reçoit ce mot, et les étapes suivantes sont conditionnées par un "
        "passé que l'entraînement n'a jamais montré."
    ),
    "tr.forcing_same": (
        "À l'étape {step}, la traduction prédit le mot de référence à chaque étape qui en alimente une suivante : les "
        "deux exécutions reçoivent donc les mêmes mots et les deux sommes sont égales. Les instantanés enregistrés où "
        "elles divergent : {others}."
    ),
    "tr.forcing_same_always": (
        "À l'étape {step}, comme à chaque instantané enregistré, la traduction prédit le mot de référence à chaque "
        "étape qui en alimente une suivante : les deux exécutions reçoivent donc les mêmes mots et les deux sommes "
        "sont égales."
    ),
    "tr.forcing_ended": (
        "La traduction a prédit la fin de la phrase à l'étape {step}, avant la fin de la référence ; un traducteur "
        "s'arrête là. Le tableau continue de lui fournir ses prédictions pour que chaque mot de référence reçoive une "
        "probabilité."
    ),
    "tr.forcing_table_caption": (
        "Chaque ligne est une étape cible : le mot de référence $y_t$, le mot que reçoit chaque exécution, le mot que "
        "prédit la traduction (fourni à l'étape suivante) et le $-\\log p(y_t)$ de chaque exécution. Le CSV de "
        "« À emporter : chiffres et fiche » contient toutes les lignes."
    ),
    "tr.forcing_outside": (
        "Cette phrase sort de la grammaire miniature, il n'y a donc pas de traduction de référence : ni vrais mots "
        "précédents à fournir, ni perte de séquence à sommer. Choisissez une phrase de test pour comparer "
        "l'entraînement à la traduction."
    ),
    # --- accuracy and loss ---------------------------------------------------------------------------
    "tr.model_attention": "avec attention",
    "tr.model_summary": "résumé fixe",
    "tr.length": "longueur de la source (mots)",
    "tr.exact": "correspondance exacte",
    "tr.longer": "plus longue\nque toute phrase\nd'entraînement",
    "tr.tip_model": "modèle",
    "tr.tip_sentences": "phrases de test",
    "tr.accuracy_caption": (
        "La part des phrases de test de chaque longueur traduites exactement (chaque mot et la fin), par décodage "
        "glouton, pour les deux modèles. Les phrases d'entraînement avaient de 3 à {train_max} mots ; les longueurs "
        "ombrées dépassent toutes celles-ci ({long_total} phrases). Le résumé fixe chute à mesure que les phrases "
        "s'allongent, l'analogue de la figure 2 de Bahdanau et al. ; l'attention ne perd un peu qu'au-delà des "
        "longueurs d'entraînement. Une tâche miniature et de petits modèles : la forme rappelle celle de leur "
        "publication, les nombres ne sont pas leurs scores BLEU."
    ),
    "tr.bottleneck_caveat": (
        "Comme le note l'article, une largeur fixe ne prouve pas qu'il soit impossible d'encoder une longue phrase : "
        "Bahdanau et al. y voyaient un goulot d'étranglement potentiel."
    ),
    "tr.bottleneck_zero": (
        "À partir de {zero_from} mots, le résumé fixe ne traduit exactement aucune phrase de test ; pourtant, comme le "
        "note l'article, une largeur fixe ne prouve pas qu'il soit impossible d'encoder une longue phrase : Bahdanau "
        "et al. y voyaient un goulot d'étranglement potentiel."
    ),
    "tr.longer_training": (
        "Notre propre constat : entraîné {long_steps:,} étapes au lieu de {steps:,}, le modèle à résumé fixe a "
        "atteint {long_exact} de correspondance exacte sur l'ensemble de test au lieu de {exact:.3f}, parfait "
        "jusqu'à {perfect} mots mais au plus {at_most} à partir de {low_from} mots."
    ),
    "tr.step_x": "étape d'entraînement",
    "tr.loss": "perte d'entraînement (échelle log)",
    "tr.tip_loss": "perte d'entraînement",
    "tr.loss_caption": (
        "Entropie croisée moyenne par mot cible sur les lots d'entraînement (64 phrases chacun), échelle log ; chaque "
        "point fait la moyenne de {block} étapes consécutives (le CSV contient les {steps} étapes des deux modèles). "
        "La perte du modèle à résumé fixe plafonne bien au-dessus de celle du modèle à attention. Une perte sur des "
        "lots d'entraînement, pas un score de test ; une graine, une exécution chacun."
    ),
    # --- live training -------------------------------------------------------------------------------
    "tr.live_lead": (
        "Un court entraînement en direct : un modèle à attention plus petit ({parameters:,} paramètres) entraîné de "
        "zéro pendant {steps:,} étapes sur des phrases d'entraînement d'au plus {max_length} mots, dans son propre "
        "processus de basse priorité sur le processeur de ce serveur, pour que les écrans restent rapides pour les "
        "autres lecteurs pendant qu'il s'entraîne. Toutes les {probe_every} étapes, la carte de chaleur montre comment "
        "il lit la phrase témoin « {probe} »."
    ),
    "tr.live_start": "Lancer un entraînement en direct",
    "tr.live_start_help": (
        "Un seul entraînement en direct à la fois par serveur ; le reste de la page reste utilisable pendant qu'il "
        "s'entraîne."
    ),
    "tr.live_stop": "Arrêter",
    "tr.live_stop_help": "Termine l'entraînement après l'étape en cours.",
    "tr.live_refused": (
        "Un entraînement en direct lancé par un autre lecteur tourne déjà sur ce serveur (étape {step} sur {steps}). "
        "Un seul à la fois, pour que l'écran reste rapide pour tout le monde : réessayez dans quelques secondes."
    ),
    "tr.live_progress": "Étape {step} sur {steps} · encore {remaining} · perte {loss} · {seconds:.1f} s écoulées",
    "tr.live_finished": "Terminé : {step} étapes en {seconds:.1f} s ; la perte du dernier lot était de {loss}.",
    "tr.live_cooldown": (
        "Votre dernier entraînement en direct s'est terminé il y a moins de {cooldown} s : vous pourrez en lancer un "
        "autre dans {wait} s. Cette pause évite qu'un lecteur accapare, pour toute la classe, l'unique entraînement "
        "en direct du serveur."
    ),
    "tr.live_off": (
        "L'entraînement en direct est désactivé sur ce serveur (son hôte ne peut pas y consacrer le processeur). Les "
        "instantanés d'entraînement enregistrés restent dans les deux premiers onglets."
    ),
    "tr.live_stopped": "Arrêté à l'étape {step} sur {steps} ({seconds:.1f} s).",
    "tr.live_timeout": "Arrêté à l'étape {step} sur {steps} : l'entraînement a atteint sa limite de {limit:.0f} s.",
    "tr.live_failed": "L'entraînement en direct a échoué à l'étape {step} : {error}",
    "tr.live_died": (
        "L'entraînement en direct a échoué à l'étape {step} : le processus d'entraînement s'est arrêté sans finir "
        "(code de sortie {code})"
    ),
    "tr.live_heatmap": "$\\alpha_{{tj}}$ pour la phrase témoin à l'étape {step}",
    "tr.live_heatmap_caption": (
        "Les poids $\\alpha_{tj}$ du modèle en direct pour la phrase témoin lue avec forçage par l'enseignant : en "
        "lignes les jetons cibles, en colonnes les mots source, et les cases entourées sont la correspondance vraie "
        "quand elle est activée dans le premier onglet. Un modèle plus petit, entraîné brièvement : son alignement "
        "peut rester plus flou que celui du modèle livré, et une ligne peut se fixer sur un mot voisin, dont la "
        "représentation source $h_j$ encode aussi le mot d'à côté."
    ),
    "tr.live_loss_caption": (
        "La perte d'entraînement de l'exécution en direct (lots de 32 phrases), échelle log, chaque point la moyenne "
        "de {block} étapes consécutives ; le CSV contient chaque étape."
    ),
}
