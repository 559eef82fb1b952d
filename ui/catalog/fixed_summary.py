"""Messages of screen 1, the fixed summary against a source that can be revisited (article sections 2-3)."""

EN: dict[str, str] = {
    "fix.lead": (
        "Models used context before attention. A recurrent encoder reads the source in order and updates a "
        "state at every position; a basic encoder-decoder then hands the decoder **one fixed-width summary** "
        "of the whole sentence, the same vector at every target step. Attention keeps **every** position's "
        "annotation h_j and lets each step read its own context c_t from them. Type a sentence and compare the "
        "two interfaces on the same encoder."
    ),
    "fix.source": "Source sentence (words separated by spaces, up to 40)",
    "fix.source_help": "Each word is one token x_j; its embedding e_src(x_j) is a fixed pseudo-random lookup.",
    "fix.source_field": "Source sentence",
    "fix.target": "Target tokens the decoder is fed, one step each (up to 10)",
    "fix.target_help": (
        "Teacher forcing: at step t the decoder receives the previous target token y_{t-1} (the first step "
        "receives the start token <s>). Nothing is translated; the tokens only drive the steps."
    ),
    "fix.target_field": "Target tokens",
    "fix.schematic": (
        "Every weight here (embeddings, encoder, decoder, scorer) is drawn once from a fixed seeded generator "
        "and never trained: this is a **schematic interface, not learned alignment**."
    ),
    # encoder
    "fix.encoder": "① Encoder: a recurrence over the source",
    "fix.recurrence_text": (
        "The same update is applied at every position: the state h_j depends on the current token and, through "
        "h_{j-1}, on the tokens before it (h_0 = 0)."
    ),
    "fix.bidirectional_text": (
        "Bahdanau's encoder is bidirectional: a forward pass reads left to right, a backward pass right to "
        "left, and the annotation of position j concatenates both, so it carries information about the words "
        "on either side."
    ),
    "fix.summary_text": (
        "A fixed summary keeps one vector of width 2d for the whole sentence: here, schematically, the forward "
        "pass's last state with the backward pass's first, each of which has read every word."
    ),
    "fix.sizes": (
        "This sentence: T = {T} annotations of width {width} ({total} numbers) stay available to attention; "
        "the fixed summary keeps {width} numbers whatever T is."
    ),
    "fix.annotations_caption": (
        "Rows: source positions j, then the fixed summary; columns: the components of the forward state "
        "(upper panel) and of the backward state (lower panel), together the annotation h_j = [forward; "
        "backward]. Each cell is a tanh output in [-1, 1] from fixed seeded weights; the summary row repeats "
        "the last forward row and the first backward row. A component has no meaning of its own: do not read "
        "a cell as 'how much of a word' is stored."
    ),
    "fix.half.forward": "forward →h_j",
    "fix.half.backward": "backward ←h_j",
    "fix.summary_row": "fixed summary c",
    "fix.component": "component",
    "fix.row": "source position j",
    "fix.value": "value",
    # decoder
    "fix.decoder": "② Decoder: one summary for every step, or a new reading at each step",
    "fix.mode": "decoder",
    "fix.mode.fixed": "fixed summary",
    "fix.mode.attention": "attention",
    "fix.fixed_text": "**Fixed summary**: every step receives the same vector c.",
    "fix.attention_text": (
        "**Attention**: before step t, the state s_{t-1} scores every annotation and the step reads its own c_t."
    ),
    "fix.state_note": (
        "In both modes the decoder's own state s_t changes from step to step, since it reads the previous "
        "target token and its previous state; what differs is whether the source is consulted anew."
    ),
    "fix.contexts": "The context vector across target steps",
    "fix.contexts_caption": (
        "x: target step t (the token the step is for); y: each component of the context vector the step "
        "receives, one line a component. Fixed summary: flat lines, the same vector at every step. "
        "Attention: a new c_t at each step. Both context vectors have the same fixed width. The "
        "weights are seeded, not trained: the changes show the interface, not a learned alignment, and a "
        "component's value is not the importance of any word."
    ),
    "fix.step_axis": "target step t",
    "fix.context_value": "component of c_t",
    "fix.context_component": "component",
    "fix.weights": "Attention weights α_tj per target step",
    "fix.weights_caption": (
        "Columns: target steps t; rows: source positions j; each cell is α_tj, and each column sums to one. "
        "The weights come from a scorer with fixed seeded weights, so a dark cell is not a learned "
        "alignment between two words, nor the causal importance of the source word. The fixed summary has "
        "no such weights: it reads nothing anew."
    ),
    "fix.compare": "What changes between the two modes",
    "fix.compare.context": "context c_t",
    "fix.compare.context_fixed": "the same c at every step",
    "fix.compare.context_attention": "a new Σ_j α_tj h_j at each step",
    "fix.compare.width": "width of c_t",
    "fix.compare.width_value": "{width} numbers",
    "fix.compare.behind": "numbers kept from the source",
    "fix.compare.behind_fixed": "{width}, whatever T",
    "fix.compare.behind_attention": "{total} = T × {width} (T = {T})",
    "fix.compare.dc": "largest step-to-step change of c_t",
    "fix.compare.ds": "largest step-to-step change of the decoder state s_t",
    "fix.compare.one_step": "— (one step only)",
    "fix.compare_caption": (
        "A change is the largest difference of one component from one step to the next. The fixed summary's "
        "context never moves; the decoder state moves in both modes."
    ),
}
