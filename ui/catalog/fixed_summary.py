"""Messages of screen 1, the fixed summary against a source that can be revisited (article sections 2-3)."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "fix.lead": (
        "Before attention, a recurrent encoder–decoder handed the decoder **one fixed-width summary** of the "
        "sentence: as its first state (Sutskever et al., 2014), or, as drawn here, as the same input at every "
        "target step (Cho et al., 2014); attention keeps every position's annotation $h_j$ and lets each step read "
        "its own context $c_t$. Type a sentence and compare the two on the same encoder."
    ),
    "fix.source": "Source sentence (words separated by spaces, up to 40)",
    "fix.source_help": "Each word is one token xⱼ; its embedding is a fixed pseudo-random lookup.",
    "fix.source_field": "Source sentence",
    "fix.target": "Target tokens the decoder is fed, one step each (up to 10)",
    "fix.target_help": (
        "Teacher forcing: step t receives the previous target token yₜ₋₁ (the first step the start token <s>); "
        "nothing is translated, the tokens only drive the steps."
    ),
    "fix.target_field": "Target tokens",
    "fix.schematic": (
        "Every weight here (embeddings, encoder, decoder, scorer) is drawn once from a seeded generator and never "
        "trained: a **schematic interface, not learned alignment**, so no cell or line below is a learned "
        "alignment or a word's importance."
    ),
    # encoder
    "fix.encoder": "① Encoder: a recurrence over the source",
    "fix.recurrence_text": (
        "Context before attention: the same update at every position carries the tokens before $j$ into $h_j$ "
        "through $h_{{j-1}}$."
    ),
    "fix.gated": (
        "The update drawn here is a plain tanh cell, a schematic: the encoder–decoders of the time used gated "
        "cells that learn how much of the old state to keep, LSTMs (Sutskever et al., 2014; an LSTM also keeps a "
        "cell state beside its hidden state) and gated recurrent units (Cho et al., 2014, the kind Bahdanau et al. "
        "used)."
    ),
    "fix.bidirectional_text": (
        "Bahdanau's encoder is bidirectional: the annotation $h_j$ joins a left-to-right and a right-to-left "
        "state, so it carries the words on both sides."
    ),
    "fix.summary_text": (
        "A fixed summary keeps one vector of width $2d$ for the whole sentence: here the forward pass's last "
        "state with the backward pass's first, each of which has read every word."
    ),
    "fix.sizes": Plural(
        "This sentence: T = {T} annotation of width {width} ({total} numbers) stays available to attention; "
        "the fixed summary keeps {width} numbers whatever T is.",
        "This sentence: T = {T} annotations of width {width} ({total} numbers) stay available to attention; "
        "the fixed summary keeps {width} numbers whatever T is.",
        count="T",
    ),
    "fix.annotations_caption": (
        "Rows: source positions, then the fixed summary (the last forward and first backward state); columns: "
        "components of the forward and backward states, each a tanh output in [−1, 1] with no meaning of its own."
    ),
    "fix.half.forward": "forward →hⱼ",
    "fix.half.backward": "backward ←hⱼ",
    "fix.summary_row": "fixed summary c",
    "fix.half": "half",
    "fix.row_field": "row",
    "fix.component": "component",
    "fix.row": "source position j",
    "fix.position": "position",
    "fix.value": "value",
    # decoder
    "fix.decoder": "② Decoder: one summary, or a new reading at each step",
    "fix.decoder_equations": "The two decoders' equations",
    "fix.mode": "decoder",
    "fix.mode.fixed": "fixed summary",
    "fix.mode.attention": "attention",
    "fix.fixed_text": "**Fixed summary**: every step receives the same vector $c$.",
    "fix.every_step": "for every ",
    "fix.attention_text": (
        "**Attention**: before step $t$, the state $s_{{t-1}}$ scores every annotation and the step reads its "
        "own $c_t$."
    ),
    "fix.state_note": (
        "In both modes the decoder state $s_t$ changes from step to step; what differs is whether the source "
        "is read anew."
    ),
    "fix.contexts": "The context vector across target steps",
    "fix.contexts_caption": (
        "Lines: components of $c_t$ (→: 1 to {d}, left to right; ←: {after} to {width}, right to left), flat for the "
        "fixed summary, moving with attention."
    ),
    "fix.step_axis": "target step t",
    "fix.context_value": "value of the component",
    "fix.context_component": "component",
    "fix.weights": "Attention weights $\\alpha_{{tj}}$ per target step",
    "fix.weights_caption": (
        "Each cell is $\\alpha_{{tj}}$ and each column sums to one; the fixed summary has no such weights, since "
        "it reads nothing anew."
    ),
    "fix.compare": "What changes between the two modes",
    "fix.compare.context": "context $c_t$",
    "fix.compare.context_fixed": "the same $c$ at every step",
    "fix.compare.context_attention": "a new $\\sum_j \\alpha_{{tj}} h_j$ at each step",
    "fix.compare.width": "width of $c_t$",
    "fix.compare.width_value": "{width} numbers",
    "fix.compare.behind": "numbers kept from the source",
    "fix.compare.behind_fixed": "{width}, whatever T",
    # held together by no-break spaces: a phone broke it as "18 = T × 6 (T =" and "3)"
    "fix.compare.behind_attention": "{total}\u00a0=\u00a0T\u00a0×\u00a0{width} (T\u00a0=\u00a0{T})",
    "fix.compare.dc": "largest step-to-step change of $c_t$",
    "fix.compare.ds": "largest step-to-step change of the decoder state $s_t$",
    "fix.compare.one_step": "— (one step only)",
    "fix.compare_caption": "A change is the largest difference of one component between consecutive steps.",
}
