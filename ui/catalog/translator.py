"""Messages of screen 6, the toy translator (prefix ``tr.``)."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "tr.lead": (
        "Screen 5 follows one read. Here five small translators were trained end to end in numpy on a toy "
        "English-like to French-like language, each with weights of its own and the same sizes: a bidirectional GRU "
        "encoder and a GRU decoder. Bahdanau's reads the source with the additive scorer ($c_t$ from "
        "$s_{{t-1}}$); Luong et al.'s three update the decoder state first and then read with it; the fifth gets one "
        "fixed summary of the source for every step. None was ever told which source word a target word comes "
        "from: the only training signal is the translation loss."
    ),
    "tr.not": (
        "What this is not: a toy language (36 source words, one grammar), small models ({least:,} to {most:,} "
        "parameters, {steps:,} training steps each, one seed each), and not either paper's numbers."
    ),
    "tr.not_findings": (
        "The fixed summary's fall with length echoes Bahdanau et al.'s Figure 2. Luong et al.'s comparison does not "
        "carry over: their local-p with the general score was their best attention variant; ours is the weakest of "
        "the four models that read ({local:.3f} exact match on the test set, {local_long:.3f} on the longer "
        "sentences), with a window of ±{D} words."
    ),
    # --- sentence ------------------------------------------------------------------------------------
    "tr.pick": "Test sentence",
    "tr.pick_help": (
        "Sentences the models never saw in training, shortest first: one for each length from {lo} to {hi} words, "
        "and a second one of {again} words that Bahdanau's model translates wrongly; from {longer} words on, "
        "longer than any training sentence. Most contain adjectives, which the target language puts after the "
        "noun in mirror order."
    ),
    "tr.pick_typed": "(a typed sentence)",
    "tr.pick_label": "{n} words: {sentence}",
    "tr.pick_label_long": "{n} words, longer than training: {sentence}",
    "tr.type": "…or type a sentence in the toy vocabulary",
    "tr.type_help": (
        "Press Ctrl+Enter (⌘+Enter on a Mac) or leave the field to translate. The words the models know: {vocabulary}."
    ),
    "tr.field_sentence": "Sentence",
    "tr.why_empty": "expected at least one word, got none",
    "tr.why_too_long": "expected at most {most} words, got {n}",
    "tr.why_unknown": "unknown word(s) {words}; the source vocabulary is: {vocabulary}",
    "tr.why_unknown_more": "unknown word(s) {words} and {more} more; the source vocabulary is: {vocabulary}",
    "tr.why_other": "not a sentence the toy translator can read",
    "tr.outside": (
        "This sentence uses known words but is outside the toy grammar ({reason}). Every model still translates it, "
        "but there is no reference translation and no true correspondence to overlay; the heatmap shows the "
        "weights while the chosen model reads its own output."
    ),
    "tr.why_grammar": "expected {expected}, got {got}",
    "tr.expect_determiner": "a determiner ({words})",
    "tr.expect_noun": "an adjective or a noun ({words})",
    "tr.expect_verb": "a verb ({words})",
    "tr.expect_more": "a preposition, a conjunction ({words}) or the end",
    "tr.got_word": "'{word}' at word {k}",
    "tr.got_end": "the end of the sentence",
    # --- translations --------------------------------------------------------------------------------
    "tr.col_who": "From",
    "tr.col_text": "translation",
    "tr.col_match": "against the reference",
    "tr.row_source": Plural("source ({n} word)", "source ({n} words)"),
    "tr.row_reference": "reference (the toy grammar's rules)",
    "tr.row_attention": "**with attention (Bahdanau, additive)**",
    "tr.row_summary": "**fixed summary**",
    "tr.row_luong_dot": "**Luong, dot score through a learned projection P**",
    "tr.row_luong_general": "**Luong, general score**",
    "tr.row_luong_local": "**Luong, local window around a predicted position, general score**",
    "tr.no_reference": "none: outside the toy grammar",
    "tr.match": ":green[:material/check_circle: the same]",
    "tr.mismatch": ":red[:material/cancel: differs from word {k} on] (in bold)",
    "tr.unchecked": "no reference to compare with",
    "tr.no_end": "… (no end of sentence within {n} words)",
    "tr.translations_caption": (
        "Greedy decoding with the final parameters (step {step}): each model emits its most probable word, "
        "feeds it back and stops at the end-of-sentence token. Exact match on the test set: {attention:.3f} for "
        "Bahdanau's, {luong_dot:.3f}, {luong_general:.3f} and {luong_local:.3f} for Luong's dot, general and local, "
        "and {summary:.3f} for the fixed summary, which fails mostly on long sentences (second tab above)."
    ),
    # --- heatmap -------------------------------------------------------------------------------------
    "tr.step": "Training step (stored snapshot)",
    "tr.play": "Play the snapshots",
    "tr.play_step": "step {step}",
    "tr.step_help": (
        "The parameters of the chosen model ({model}) at this step of its {steps} training steps (stored at steps "
        "{stored}); step 0 is the random initialisation. Slide from 0 to watch it learn."
    ),
    "tr.overlay": "True correspondence",
    "tr.overlay_help": (
        "Outline the cell of the source word each target word translates, as the toy grammar's rules say. The "
        "model never saw this; it is only used to check what it learned."
    ),
    "tr.bad_step": "expected one of the stored snapshot steps {steps}, got '{value}'",
    "tr.tab_alignment": "Where the model reads",
    "tr.reader": "Model",
    "tr.reader_help": (
        "The tabs show the chosen model; each was trained on the same task and data with the same budget. "
        "Bahdanau's scores the source with the previous state, additively (vᵀ tanh(W hⱼ + U sₜ₋₁ + b)), and then "
        "updates the state; Luong et al.'s decoders (GRUs here, like our Bahdanau model; they used stacked LSTMs) "
        "update the state first and then read with it. Luong et al. vary two things apart: the score, dot sₜᵀ hⱼ, "
        "general sₜᵀ Wₐ hⱼ or concat vₐᵀ tanh(Wₐ [sₜ; hⱼ]) (not trained here), and where it reads, every source "
        "word (global) or a window around a position it predicts (local). Ours are dot and general, both global, "
        "and local with the general score. Our dot model's state is narrower than its annotations, so it scores "
        "sₜᵀ P hⱼ with a learned P, general's form, and reads the very vectors P hⱼ it scores. The fixed summary "
        "reads no weights, so the first tab has none to show for it."
    ),
    "tr.reader_attention": "Bahdanau (additive)",
    "tr.reader_summary": "fixed summary",
    "tr.curves": "Every model over training",
    "tr.curves_x": "training step",
    "tr.exact_valid": "exact match, validation sentences",
    "tr.curves_caption": (
        "Exact match on the validation sentences at each stored snapshot, for the five models trained on the same "
        "task and data with the same budget; the lines join the snapshots, and what happens between two of them "
        "is not shown. Computed from each model's stored snapshots by the run that trained Luong's three "
        "(`checkpoints/luong/luong.json`): Bahdanau's and the fixed summary's snapshots had been stored when they "
        "were trained, in an earlier run. The tests evaluate the stored snapshots again."
    ),
    "tr.reached": "First at or above {threshold} on the validation sentences: {models}.",
    "tr.reached_at": "at the snapshot of step {step}",
    "tr.not_reached": "at no stored snapshot",
    "tr.summary_reads_none": (
        "The fixed summary reads no weights: its decoder gets one summary of the source at every step. Choose a "
        "model that reads above to see where it looks; the fixed summary's translation is in the table below."
    ),
    "tr.window_caption": (
        " Luong's local model (local-p, with the general score $s_t^\\top W_a h_j$) reads only a window of at most "
        "{width} source words around a position $p_t$ it predicts at each step ($p_t \\pm {D}$): the tinted cells. "
        "In the window the Softmax of the scores is multiplied by a Gaussian around $p_t$ and, as in Luong et al., "
        "not renormalised, so a row sums to less than 1. Every weight outside its row's window is 0."
    ),
    "tr.reader_luong_dot": "Luong: dot via P",
    "tr.reader_luong_general": "Luong: general",
    "tr.reader_luong_local": "Luong: local",
    "tr.tab_forcing": "Training and translation",
    "tr.tab_results": "Accuracy and loss",
    "tr.tab_live": "Train one live",
    "tr.tab_whatif": "What if it looked elsewhere?",
    # --- the two decoding orders ---------------------------------------------------------------------------
    "tr.order_title": "Two decoding orders, step by step",
    "tr.order_lead": (
        "The same step of this sentence in Bahdanau's order and in Luong et al.'s ({model}): which state reads, "
        "where the context goes, where the output comes from, with each model's own words and numbers."
    ),
    "tr.order_step": "Target step t",
    "tr.order_bahdanau": "Bahdanau's order",
    "tr.order_luong": "Luong et al.'s order ({model})",
    "tr.order_fed": "fed $y_{{t-1}}$",
    "tr.order_reads": "the state that reads",
    "tr.order_reads_b": "$s_{{t-1}}$, before the update",
    "tr.order_reads_l": "$s_t$, after the update $s_t = \\mathrm{{GRU}}(y_{{t-1}}, \\tilde h_{{t-1}}, s_{{t-1}})$",
    "tr.order_read_most": "reads most (its weight)",
    "tr.order_enters": "the context $c_t$ goes into",
    "tr.order_enters_b": "the update $s_t = \\mathrm{{GRU}}(y_{{t-1}}, c_t, s_{{t-1}})$ and the output",
    "tr.order_enters_l": "$\\tilde h_t = \\tanh(W_c [c_t; s_t])$, fed to step t + 1 too",
    "tr.order_output": "the output $p(y_t)$ comes from",
    "tr.order_output_b": "$W_o [s_t; c_t; e(y_{{t-1}})] + b_o$, then Softmax",
    "tr.order_output_l": "$W_o \\tilde h_t + b_o$, then Softmax",
    "tr.order_writes": "writes $y_t$ (its probability)",
    "tr.order_caption": (
        "Each column is that model's own greedy translation, so from the first step where they write different "
        "words they are fed different words too. Both decoders are GRUs (Luong et al. used stacked LSTMs), but the "
        "order (which state reads, how the context reaches the output) is not all that differs: the score, {score}, "
        "against Bahdanau's additive $v^\\top \\tanh(W h_j + U s_{{t-1}} + b)$; Luong's input feeding, "
        "$\\tilde h_{{t-1}}$ fed into the update; and the output layer, $W_o \\tilde h_t$ against $W_o [s_t; c_t; "
        "e(y_{{t-1}})]$, where $e(y_{{t-1}})$ is the embedding of the word fed. Each model has weights of its own."
    ),
    "tr.score_luong_dot": (
        "$s_t^\\top P h_j$, through a learned projection $P$ that also shapes what is read, "
        "$c_t = \\sum_j \\alpha_{{tj}} P h_j$"
    ),
    "tr.score_luong_general": "$s_t^\\top W_a h_j$, the general score",
    "tr.score_luong_local": "$s_t^\\top W_a h_j$, the general score, in a window around a predicted position $p_t$",
    # --- what if it had looked elsewhere? ---------------------------------------------------------------
    "tr.wi_lead": (
        "Pick a step of the chosen model's own translation and override what it reads there; everything else is "
        "the model's own computation, and every later step reads as the model does. Section 6 of the article "
        "warns that a large weight is not automatically a word's whole causal importance: here you can test it, "
        "one step at a time."
    ),
    "tr.wi_summary": "The fixed summary reads no weights, so there is no reading to override: choose a model "
    "that reads with weights.",
    "tr.wi_step": "Target step",
    "tr.wi_step_label": "{t} · {word}",
    "tr.wi_step_help": "A step of the model's own translation (greedy), numbered from 1, with the word it writes.",
    "tr.wi_word": "Source word",
    "tr.wi_kind": "Override",
    "tr.wi_kind_focus": "all the step's weight on it",
    "tr.wi_kind_remove": "remove it, the rest scaled up",
    "tr.wi_kind_blend": "blend",
    "tr.wi_share": "Share moved to the word",
    "tr.wi_share_help": "The step reads (1 − share) × its own weights + share × all the step's weight on the word.",
    "tr.wi_total": (
        "This model's weights at a step sum to less than 1 (a median {total} over the test set's steps, {least} at "
        "least): its window's Softmax is multiplied by a Gaussian and not renormalised, as in Luong et al. Every "
        "override keeps the step's own total, so it moves weight between the words and adds none."
    ),
    "tr.wi_step_reset": Plural(
        "The link's step {k} is past this translation's {n} word; showing step 1.",
        "The link's step {k} is past this translation's {n} words; showing step 1.",
    ),
    "tr.wi_word_reset": Plural(
        "The link's source word {k} is past this sentence's {n} word; showing word 1.",
        "The link's source word {k} is past this sentence's {n} words; showing word 1.",
    ),
    "tr.wi_nothing_left": "At this step the model reads {source} alone: removing it leaves nothing to read. Choose "
    "another word or another override.",
    "tr.wi_said_step": "At step {t} the model wrote “{written}” (p = {p_before}); with this override on {source},",
    "tr.wi_said_same": "it still writes it (p = {p}).",
    "tr.wi_said_other": "it writes “{instead}” (p = {p_after}) and gives “{written}” p = {p_kept}.",
    "tr.wi_said_unchanged": "The rest of the translation is unchanged.",
    "tr.wi_said_from": "The translation differs from word {k} on.",
    "tr.wi_said_loss": (
        "Loss against the reference, fed its previous words (this translation's own up to here), the override at "
        "this step: {before} → {after}."
    ),
    "tr.wi_said_loss_apart": (
        "Loss against the reference, fed its previous words, the override at its step {t}: {before} → {after}. This "
        "translation left the reference at word {k}, so that step of the reference follows other words than this "
        "one's (the reference writes “{word}” there)."
    ),
    "tr.wi_own": "α, own reading",
    "tr.wi_changed": "α, overridden",
    "tr.wi_line": "{label}: {words}",
    "tr.wi_col_own": "Own translation",
    "tr.wi_col_changed": "With the override",
    "tr.wi_chart_caption": (
        "The weights over the source words at step {t}: as the model read them, and as overridden. Only this "
        "step's weights are replaced; the annotations $h_j$ are the model's own and already mix each word's "
        "neighbours (a bidirectional encoder), so all the weight on one word still reads something of the words "
        "around it. The later steps' weights are not drawn."
    ),
    "tr.wi_set_title": "The same question over the whole test set",
    "tr.wi_col_part": "source word read (reference)",
    "tr.wi_col_steps": "steps",
    "tr.wi_col_moved": "output changes: top weight moved to the second word",
    "tr.wi_col_removed": "output changes: top word removed",
    "tr.wi_part_determiner": "determiner",
    "tr.wi_part_adjective": "adjective",
    "tr.wi_part_noun": "noun",
    "tr.wi_part_verb": "verb",
    "tr.wi_part_preposition": "preposition",
    "tr.wi_part_conjunction": "conjunction",
    "tr.wi_part_none": "none (an inserted word or the end)",
    "tr.wi_set_caption": (
        "Each of the chosen model's {n:,} test-set steps alone, fed the reference's previous words: the share whose "
        "output word (the most probable) changes when the most-weighted source word's weight is moved to the "
        "second-weighted, and when the most-weighted word is removed and the rest scaled back up to the step's "
        "total; grouped by the part of speech of the source word the reference translates there. The shares also "
        "follow how sharp the model reads: outside its most-weighted word lies a median {rest} of a step's weight, "
        "under {small} at {sharp} of the steps, where removing that word scales up what little is left. As a "
        "control, all of a step's weight put on the word it already reads most changes the output at {focused} of "
        "the {n:,} steps. An intervention on one node: it does not "
        "say how much a word matters to the whole translation, nor what the encoder already carries from one word "
        "to its neighbours (section 6). Recorded by `python -m core.translator --whatif` (`checkpoints/whatif.json`)."
    ),
    "tr.overlay_off": "No true correspondence for a sentence outside the toy grammar.",
    "tr.x_title": "source word xⱼ",
    "tr.y_title": "target word, step t",
    "tr.tip_target": "target token yₜ",
    "tr.tip_source": "source word xⱼ",
    "tr.tip_alpha": "αₜⱼ",
    "tr.tip_true": "true correspondence",
    "tr.yes": "yes",
    "tr.no": "no",
    "tr.heatmap_caption": (
        "Each row is one target step $t$: the weights $\\alpha_{{tj}}$ over the source words (columns) with which "
        "the chosen model read the source before emitting $y_t$, while decoding the reference translation "
        "(teacher forcing, so every snapshot reads the same target words). Darker is heavier; {sums}; exact values "
        "in the tooltips. {start} By the last snapshot {right} of the {of} target words that translate a source "
        "word put their largest weight on it. {crossing} The model never saw the true correspondence (the "
        "outlines). "
        "A weight is not a causal importance: each $h_j$ also carries its neighbours (the encoder reads both "
        "ways), so a weight says where this read looks, not what caused the output. A number in brackets is the "
        "word's position, to tell repeated words apart."
    ),
    "tr.rows_one": "each row sums to 1",
    "tr.rows_below_one": "a row sums to less than 1, from {least} to {most} over the stored snapshots",
    "tr.rows_below_one_here": "a row sums to less than 1, from {least} to {most} here",
    "tr.crossing": (
        "At the last snapshot, of the {of} pairs of target words whose source words come in reverse order (the "
        "adjectives after their noun, in mirror order), {crossed} put their largest weights in reverse order too: "
        "there the alignment crosses the diagonal."
    ),
    "tr.crossing_none": "No two target words of this sentence translate source words in reverse order.",
    "tr.start_uniform": "At step 0 every row is nearly uniform ($1/T$ = {uniform}).",
    "tr.start_uneven": (
        "At step 0 the rows are already uneven: the largest weight is {largest}, where a uniform row has $1/T$ = "
        "{uniform}."
    ),
    "tr.setbacks": Plural(
        "Training did not only move the alignments towards the true words: over the list's {sentences} example "
        "sentences and their {pairs} steps from one snapshot to the next, the share of target words that look most "
        "at their own source word fell {n} time; the latest, for the {words}-word sentence from step {a} to "
        "{b}, from {before} to {after}.",
        "Training did not only move the alignments towards the true words: over the list's {sentences} example "
        "sentences and their {pairs} steps from one snapshot to the next, the share of target words that look most "
        "at their own source word fell {n} times; the latest, for the {words}-word sentence from step {a} to "
        "{b}, from {before} to {after}.",
    ),
    "tr.setbacks_none": (
        "Over the list's {sentences} example sentences and their {pairs} steps from one snapshot to the next, the "
        "share of target words that look most at their own source word never fell."
    ),
    "tr.heatmap_caption_own": (
        "Each row is one target step $t$ of the chosen model's own output at this snapshot: the weights "
        "$\\alpha_{{tj}}$ over the source words (columns); darker is heavier, {sums}, exact values in the "
        "tooltips. Without a reference there is no true correspondence to compare with. A weight says where "
        "this read looks, not what caused the output."
    ),
    "tr.lines_caption": (
        "The same weights $\\alpha_{{tj}}$ as the heatmap, the same numbers drawn another way: the source words "
        "along the top, the target tokens along the bottom, and a line from each target token $y_t$ to each source "
        "word $x_j$ in that word's colour, as opaque and as wide as its weight. Faint lines are small weights; a "
        "weight of 0 is still drawn, as a faint hairline, so no pair is left out. Hover a word to light its lines "
        "and fade the others; a line's tooltip gives its weight. Where a row has too many words for its width they "
        "stand upright and shrink, and where they are still crowded every second word is written (each keeps its "
        "dot). A line says where this read looks, not what caused the output: a weight is not a word's causal "
        "importance."
    ),
    # --- training and translation (teacher forcing) ---------------------------------------------------
    "tr.forcing_lead": (
        "The translator was trained on sequence losses: for each sentence pair one term $-\\log p(y_t \\mid "
        "y_{{<t}}, x)$ a target step, summed over its $U$ steps (and over a batch's pairs, divided by the batch's "
        "number of target words). At step $t$ the decoder is fed one previous word. "
        "In training it is the true $y_{{t-1}}$ (teacher forcing), whatever the model would have said; in "
        "translation no true word exists, so it is fed its own previous prediction $\\hat y_{{t-1}}$. Below, the "
        "chosen model ({model}) at the chosen snapshot runs both ways on the reference translation of your "
        "sentence, and each step scores the reference word."
    ),
    "tr.forcing_training": "training",
    "tr.forcing_translation": "translation",
    "tr.forcing_training_eq": "training:",
    "tr.forcing_translation_eq": "translation:",
    "tr.forcing_x": "target step t",
    "tr.forcing_y": "−log p(yₜ | words fed, x)",
    "tr.forcing_start": "<s> (start)",
    "tr.forcing_end": "</s> (end)",
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
        "Each point is one target step: $-\\log p(y_t \\mid \\text{{words fed}}, x)$ of the reference word, "
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
    "tr.length": "source length (words)",
    "tr.exact": "exact match",
    "tr.longer": "longer than any training sentence",
    "tr.tip_model": "model",
    "tr.tip_sentences": "test sentences",
    "tr.accuracy_caption": (
        "The share of test sentences of each length translated exactly right (every word and the end), by greedy "
        "decoding, for the five models trained on the same task and data with the same budget. Training sentences "
        "had 3 to {train_max} words; the shaded lengths are longer than any of them ({long_total} sentences). "
        "Within the training lengths two models fall as sentences get longer: the fixed summary, to {summary_low} "
        "at {summary_at} words, the analogue of Bahdanau et al.'s Figure 2, and Luong's local model, to "
        "{local_low} at {local_at} words; the three others stay at {others_low} or above. Beyond the training "
        "lengths every model loses some. A toy task and small models, one seed each: the fixed summary's shape "
        "echoes the paper, the numbers are not its BLEU scores."
    ),
    "tr.length_lead": (
        "Where each model is weakest on the lengths it was trained on, and how it does on the longer sentences "
        "(recorded when the models were trained; the tests evaluate the stored models again):"
    ),
    "tr.length_col_model": "model",
    "tr.length_col_train": "lowest exact match at one training length ({low}–{high} words)",
    "tr.length_col_long": "exact match, longer sentences ({low}–{high} words, {count} sentences)",
    "tr.length_at": "{share} at {n} words",
    "tr.length_every": "{share} at every length",
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
        "Mean cross-entropy per target word of the training batches (64 sentences each, but for at most one smaller "
        "batch in each pass over the training pairs), log scale; each point "
        "averages {block} consecutive steps (the CSV has all {steps} steps of both models). The fixed-summary "
        "model's loss levels off far above Bahdanau's attention model's. A loss on training batches, not a test score; "
        "one seed, one run each."
    ),
    # --- live training -------------------------------------------------------------------------------
    "tr.live_lead": (
        "A short live run of the chosen model, {model}, at a smaller size ({parameters:,} parameters), trained "
        "from scratch for {steps:,} steps on training sentences of up to {max_length} words, in its own "
        "low-priority process on this server's CPU, so the screens stay quick for other readers while it trains."
    ),
    "tr.live_no_weights": "The fixed summary reads no weights: there is no heatmap to draw, only its loss.",
    "tr.live_probe": "Every {probe_every} steps the heatmap shows how it reads the probe sentence “{probe}”.",
    "tr.live_start": "Start a live run",
    "tr.live_start_help": (
        "One live run at a time on this server machine, each reader's in turn: if one is training, yours waits in "
        "a queue and starts by itself. The rest of the page stays usable meanwhile."
    ),
    "tr.live_stop": "Stop",
    "tr.live_stop_help": "End the run after the current step.",
    "tr.live_queued": Plural(
        "Your run is in the queue, {n} run before it: it starts by itself in about {wait} s. One run trains at a "
        "time, each reader's in turn; keep this tab open (closing it gives up your place).",
        "Your run is in the queue, {n} runs before it: it starts by itself in about {wait} s. One run trains at a "
        "time, each reader's in turn; keep this tab open (closing it gives up your place).",
    ),
    "tr.live_queued_host": (
        "Your run is next: a run started on another process of this server machine trains now, and yours starts by "
        "itself when it ends. Keep this tab open (closing it gives up your place)."
    ),
    "tr.live_leave": "Leave the queue",
    "tr.live_elsewhere": (
        "Your browser already has a live run, waiting or training, in another tab: one place for each browser, so "
        "that every reader gets a turn."
    ),
    "tr.live_progress": "Step {step} of {steps} · {remaining} to go · loss {loss} · {seconds:.1f} s elapsed",
    "tr.live_finished": "Finished: {step} steps in {seconds:.1f} s; the last batch's loss was {loss}.",
    "tr.live_off": (
        "Live training is turned off on this server (its host cannot spare the CPU). The recorded training "
        "snapshots remain, in the tabs {tabs}."
    ),
    "tr.live_stopped": "Stopped at step {step} of {steps} ({seconds:.1f} s).",
    "tr.live_timeout": "Stopped at step {step} of {steps}: the run reached its time limit of {limit:.0f} s.",
    "tr.live_failed": "The live run failed at step {step}: {error}",
    "tr.live_died": (
        "The live run failed at step {step}: the training process ended without finishing (exit code {code})"
    ),
    "tr.live_heatmap": "$\\alpha_{{tj}}$ for the probe sentence at step {step}",
    "tr.live_heatmap_caption": (
        "The live model's weights $\\alpha_{{tj}}$ for the probe sentence read with teacher forcing: rows target "
        "tokens, columns source words, outlined cells the true correspondence when it is switched on in the first "
        "tab. A smaller model trained briefly: its alignment may stay blurrier than the shipped model's, and a row "
        "may settle on a neighbouring word, whose annotation $h_j$ also encodes the word next to it."
    ),
    "tr.live_loss_caption": (
        "The live run's training loss (batches of 32 sentences, but for at most one smaller batch in each pass over "
        "its training pairs), log scale, each point the mean of {block} "
        "consecutive steps; the CSV has every step."
    ),
}
