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
    "tr.outside": (
        "This sentence uses known words but is outside the toy grammar ({reason}). Both models still translate it, "
        "but there is no reference translation and no true correspondence to overlay; the heatmap shows the "
        "weights while the attention model reads its own output."
    ),
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
    "tr.tab_results": "Accuracy against length · training loss",
    "tr.tab_live": "Train a small one live",
    "tr.bad_switch": "expected 0 or 1, got '{value}'",
    "tr.overlay_off": "No true correspondence for a sentence outside the toy grammar.",
    "tr.x_title": "source word x_j",
    "tr.y_title": "target token y_t",
    "tr.tip_target": "target token y_t",
    "tr.tip_source": "source word x_j",
    "tr.tip_alpha": "α_tj",
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
    # --- accuracy and loss ---------------------------------------------------------------------------
    "tr.model_attention": "with attention",
    "tr.model_summary": "fixed summary",
    "tr.length": "source length (words)",
    "tr.exact": "exact match",
    "tr.longer": "longer than\nany training\nsentence",
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
