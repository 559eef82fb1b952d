"""Messages of screen 8, masks and the road to self-attention (article section 8)."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "sa.lead": (
        "Two questions stay separate in section 8 of the article: which positions a reading may use, and how "
        "the reading is organised. First set what each step may see; then operate the article's closing "
        "questions on our worked example: must the representation that is scored be the one that is read, and "
        "could every position make its own request?"
    ),
    # ① visibility
    "sa.tab_masks": "① Visibility",
    "sa.tab_keys": "② Keys and values",
    "sa.tab_self": "③ Self-attention",
    "sa.vis": "① Who may use what: visibility",
    "sa.vis_text": (
        "In offline translation the whole source sentence is available before decoding starts, so Bahdanau's "
        "bidirectional encoder reads all of it, and every decoder step may read every annotation $h_j$. The "
        "target is different: step $t$, which produces $y_t$, may use the tokens before it, $y_0$ = `<s>` "
        "to $y_{{t-1}}$, never $y_t$ itself or a later one. Different readings call for different masks; there is "
        "no single mask to impose on every attention mechanism."
    ),
    "sa.source": "Source sentence (words separated by spaces, up to 40)",
    "sa.source_help": "Each word is one source position $x_j$.",
    "sa.source_field": "Source sentence",
    "sa.target": "Target tokens, one a decoder step (up to 10)",
    "sa.target_help": "Step t produces the t-th token; the tokens before it are what it may use.",
    "sa.target_field": "Target tokens",
    "sa.decoder_chart": "What decoder step $t$ may use",
    "sa.panel.source": "source xⱼ",
    "sa.panel.target": "target yₖ",
    "sa.step_axis": "step t (token yₜ)",
    "sa.column_axis": "source words xⱼ  |  target tokens yₖ",
    "sa.may_use": "may use",
    "sa.hidden": "hidden",
    "sa.field.part": "part",
    "sa.field.row": "row",
    "sa.field.column": "column",
    "sa.field.order": "order",
    "sa.field.state": "state",
    "sa.decoder_caption": (
        "Rows: decoder steps; columns: the source words, read through their annotations $h_j$, then, after "
        "the dark line, the target tokens. A dark cell: the step may use that position. In this recurrent decoder "
        "the earlier target tokens reach step $t$ through its state $s_{{t-1}}$ and its input $y_{{t-1}}$, not "
        "through attention; a self-attention decoder keeps the same rule with a causal mask. The chart says "
        "what may be used, not how much is used."
    ),
    "sa.decoder_count": (
        "The last step, $t$ = {U}, may use {src} of the {T} source words, `<s>`, and {before} of the {U} target tokens."
    ),
    "sa.decoder_ahead_none": "No step may use the token it produces or a later one.",
    "sa.decoder_ahead_some": "Some step may use the token it produces or a later one.",
    "sa.encoder": "Encoder",
    "sa.encoder_help": "Which directions of recurrence build the annotation $h_j$.",
    "sa.encoder.bidirectional": "bidirectional (Bahdanau's)",
    "sa.encoder.forward": "left to right only",
    "sa.encoder.backward": "right to left only",
    "sa.encoder_chart": "What each annotation $h_j$ has read",
    "sa.annotation_axis": "annotation hⱼ",
    "sa.word_axis": "source word xₖ",
    "sa.has_read": "has read",
    "sa.not_read": "not read",
    "sa.encoder_caption": (
        "Rows: annotations $h_j$; columns: source words $x_k$. A dark cell: $x_k$ can reach $h_j$ through the "
        "recurrence. A reachable word may still be mostly forgotten; the chart shows reach, not how much is kept."
    ),
    "sa.encoder_count": "With this encoder the annotations have read from {least} to {most} of the {T} source words.",
    "sa.encoder_count_same": "With this encoder every annotation has read {n} of the {T} source words.",
    # ② keys and values
    "sa.kv": "② Scoring one representation, reading another: keys and values",
    "sa.kv_text": (
        "Must the representation used to score a match be the one that is retrieved? Give each position two "
        "projections of $h_j$: a **key** $k_j$, which only the scorer sees, and a **value** $v_j$, which only "
        "the read delivers. The value $v_j$, with its position subscript, is not the scorer's vector $v$."
    ),
    "sa.kv_mode": "Representation scored and read",
    "sa.kv_mode_help": "The same: keys and values are both $h_j$. Separate: keys $W_K h_j$, values $W_V h_j$.",
    "sa.kv_mode.same": "the same: $k_j = v_j = h_j$ (the additive read)",
    "sa.kv_mode.separate": "separate keys and values",
    "sa.w_k": "$W_K$, 2 × 2 (entries separated by commas, rows by ;)",
    "sa.w_k_help": "Keys $k_j = W_K h_j$. Our default -1,0;0,-1 gives $k_j = -h_j$.",
    "sa.w_v": "$W_V$, 2 × 2 (entries separated by commas, rows by ;)",
    "sa.w_v_help": "Values $v_j = W_V h_j$. Our default 1,0;0,1 keeps $v_j = h_j$.",
    "sa.w_k_field": "Key projection",
    "sa.w_v_field": "Value projection",
    "sa.kv_same_note": "Keys and values are both $h_j$ ($W_K = W_V = I$); choose separate ones to set them.",
    "sa.reading": "reading",
    "sa.reading.additive": "additive (hⱼ)",
    "sa.reading.kv": "keys, values",
    "sa.kv_weights_caption": (
        "Weights over the source positions at the current s: the additive read, which scores $h_j$, and the read "
        "that scores the keys. The state is a constructed number, not an executed decoder step."
    ),
    "sa.kind.h": "hⱼ",
    "sa.kind.k": "key kⱼ",
    "sa.kind.v": "value vⱼ",
    "sa.field.weight": "weight",
    "sa.field.position": "position",
    "sa.field.kind": "kind",
    "sa.field.label": "label",
    "sa.coordinate": "coordinate {i}",
    "sa.context.additive": "c (additive)",
    "sa.context.kv": "c (values)",
    "sa.kv_plane_caption": (
        "Each position's $h_j$, key and value, in its colour; crosses: the two contexts. The context read "
        "from the values is a weighted sum of them, so it lies inside their dashed hull; the additive "
        "context lies inside the hull of the $h_j$. The vectors are hand-picked: a coordinate means nothing "
        "of its own."
    ),
    "sa.kv_plane_caption_same": (
        "Each position's $h_j$, which is its key and its value here, in its colour; the cross: the context, a "
        "weighted sum of the $h_j$, inside their dashed hull. The vectors are hand-picked: a coordinate means "
        "nothing of its own."
    ),
    "sa.kv_equal": (
        "Keys and values are both $h_j$, so this is the additive read of screen 2: the largest difference from "
        "it is {dw} in any weight and {dc} in the context."
    ),
    "sa.kv_table_caption": (
        "Where each reading puts most weight, and what it delivers: the additive read's context is a "
        "weighted sum of the $h_j$, the other's a weighted sum of the values."
    ),
    "sa.col.reading": "reading",
    "sa.col.most": "most weight on",
    "sa.col.weight": "that weight",
    "sa.col.c1": "c₁",
    "sa.col.c2": "c₂",
    # ③ self-attention
    "sa.self": "③ Every position asks its own question: self-attention",
    "sa.self_text": (
        "Could every position make its own request? Let position $i$ form a **query** $q_i = W_Q h_i$ and put "
        "it where the decoder state was: it scores every key, normalises, and reads the values. No recurrence "
        "arranges these requests; all the rows are computed at once from the $h_j$. The scorer's $U$ takes a "
        "scalar, so $W_Q$ is a 1 × 2 row and $q_i$ a number in the place of the state $s$. Keys and values "
        "follow the choice in ②."
    ),
    "sa.w_q": "$W_Q$, 1 × 2 (two entries separated by a comma)",
    "sa.w_q_help": "Queries $q_i = W_Q h_i$. Our default 1,1 gives $q_i = h_{{i,1}} + h_{{i,2}}$.",
    "sa.w_q_field": "Query projection",
    "sa.mask": "Mask",
    "sa.mask_help": "None: every position may read every position. Causal: position i reads positions 1 to i.",
    "sa.mask.none": "none: every position reads every position",
    "sa.mask.causal": "causal: position i reads positions 1 to i",
    "sa.asks_axis": "position i asks",
    "sa.reads_axis": "position j read",
    "sa.masked": "masked",
    "sa.visible": "visible",
    "sa.visible_to": "${index}$ visible to $i$",
    "sa.field.asks": "asks",
    "sa.field.reads": "reads",
    "sa.self_caption": (
        "Row $i$: the weights $\\alpha_{{ij}}$ of position $i$'s query over the positions it may read; each row "
        "sums to one, and a masked pair (pale red) gets exactly 0. The vectors and the scorer are hand-picked, "
        "so a dark cell is not a learned relation between two words."
    ),
    "sa.self_table_caption": (
        "Each position's query, where it puts most weight, and what it reads: $c_i$, its new representation. "
        "'Reads as state' names our state A (s = -1) or B (s = +1) where the row's weights are exactly that "
        "state's reading of these keys and values."
    ),
    "sa.col.position": "position i",
    "sa.col.query": "query qᵢ",
    "sa.col.state": "reads as state",
    "sa.col.ci1": "cᵢ,₁",
    "sa.col.ci2": "cᵢ,₂",
    "sa.order_same": (
        "Reverse the order of the positions and the weights follow: rows and columns reverse, nothing else "
        "changes (largest difference {gap}). Nothing in this computation knows where a word stands; "
        "Transformers add position information for that."
    ),
    "sa.order_changes": (
        "Reverse the order of the positions and the weights change beyond the reordering (largest difference "
        "{gap}): the causal mask depends on where a word stands."
    ),
    "sa.qkv_note": (
        "Query, key and value are one way to organise these requests, as the article says, not a necessary "
        "starting point for understanding attention. This screen keeps the additive scorer of the earlier screens; a "
        "Transformer's scaled dot-product scores, its several heads and its position information are not here."
    ),
    # link and input errors
    "sa.bad_shape": Plural(
        "expected {rows} row of {cols} numbers, got {shape}",
        "expected {rows} rows of {cols} numbers, got {shape}",
        count="rows",
    ),
    "sa.bad_size": "entries must be at most {limit} in size",
}
