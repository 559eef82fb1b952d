"""Messages of screen 8, masks and the road to self-attention (article section 8)."""

EN: dict[str, str] = {
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
        "to $y_{t-1}$, never $y_t$ itself or a later one. Different readings call for different masks; there is "
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
    "sa.step_axis": "step t · the token yₜ it produces",
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
        "the earlier target tokens reach step $t$ through its state $s_{t-1}$ and its input $y_{t-1}$, not "
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
    "sa.w_q_help": "Queries $q_i = W_Q h_i$. Our default 1,1 gives $q_i = h_{i,1} + h_{i,2}$.",
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
        "Row $i$: the weights $\\alpha_{ij}$ of position $i$'s query over the positions it may read; each row "
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
    "sa.bad_choice": "'{value}' is not one of {choices}",
    "sa.bad_shape": "expected {rows} row(s) of {cols} numbers, got {shape}",
    "sa.bad_size": "entries must be at most {limit} in size",
}

ZH: dict[str, str] = {
    "sa.lead": (
        "原文第 8 节把两个问题分开来看：一次读取可以使用哪些位置，以及读取怎样组织。先设定每一步能看到什么；"
        "再在我们的示例上试一试原文结尾提出的问题：被打分的表示必须就是被读取的表示吗？每个位置能否各自发出请求？"
    ),
    # ① visibility
    "sa.tab_masks": "① 可见性",
    "sa.tab_keys": "② 键与值",
    "sa.tab_self": "③ 自注意力",
    "sa.vis": "① 谁可以使用什么：可见性",
    "sa.vis_text": (
        "在离线翻译中，解码开始之前整个源句就已经可用，所以 Bahdanau 的双向编码器会读完整句，每个解码步都可以"
        "读取每个源表示 $h_j$。目标端则不同：产生 $y_t$ 的第 $t$ 步可以使用它之前的词元，即 $y_0$ = `<s>` 到 "
        "$y_{t-1}$，绝不能使用 $y_t$ 本身或更靠后的词元。不同的读取需要不同的掩码；并不存在一个可以强加给所有注意力"
        "机制的统一掩码。"
    ),
    "sa.source": "源句（词之间用空格分隔，最多 40 个）",
    "sa.source_help": "每个词是一个源位置 $x_j$。",
    "sa.source_field": "源句",
    "sa.target": "目标词元，每个解码步一个（最多 10 个）",
    "sa.target_help": "第 t 步产生第 t 个词元；它可以使用的是它之前的词元。",
    "sa.target_field": "目标词元",
    "sa.decoder_chart": "解码器第 $t$ 步可以使用什么",
    "sa.panel.source": "源 xⱼ",
    "sa.panel.target": "目标 yₖ",
    "sa.step_axis": "第 t 步（产生 yₜ）",
    "sa.column_axis": "源词 xⱼ  |  目标词元 yₖ",
    "sa.may_use": "可以使用",
    "sa.hidden": "不可见",
    "sa.field.part": "部分",
    "sa.field.row": "行",
    "sa.field.column": "列",
    "sa.field.order": "顺序",
    "sa.field.state": "可见性",
    "sa.decoder_caption": (
        "行：解码步；列：源词（通过它们的源表示 $h_j$ 读取），深色竖线之后是目标词元。深色格子：该步可以使用这个位置。"
        "在这个循环解码器中，之前的目标词元经由状态 $s_{t-1}$ 和输入 $y_{t-1}$ 到达第 $t$ 步，而不是经由注意力；"
        "自注意力解码器用因果掩码保持同样的规则。图只说明可以使用什么，不说明用了多少。"
    ),
    "sa.decoder_count": (
        "最后一步 $t$ = {U} 可以使用 {T} 个源词中的 {src} 个、`<s>`，以及 {U} 个目标词元中的 {before} 个。"
    ),
    "sa.decoder_ahead_none": "没有哪一步可以使用它自己产生的词元或更靠后的词元。",
    "sa.decoder_ahead_some": "有的步可以使用它自己产生的词元或更靠后的词元。",
    "sa.encoder": "编码器",
    "sa.encoder_help": "源表示 $h_j$ 由哪些方向的循环构建。",
    "sa.encoder.bidirectional": "双向（Bahdanau 的）",
    "sa.encoder.forward": "仅从左到右",
    "sa.encoder.backward": "仅从右到左",
    "sa.encoder_chart": "每个源表示 $h_j$ 读到了什么",
    "sa.annotation_axis": "源表示 hⱼ",
    "sa.word_axis": "源词 xₖ",
    "sa.has_read": "已读到",
    "sa.not_read": "未读到",
    "sa.encoder_caption": (
        "行：源表示 $h_j$；列：源词 $x_k$。深色格子：$x_k$ 能经由循环到达 $h_j$。能到达的词仍可能大部分被遗忘；"
        "图显示的是能否到达，而不是保留了多少。"
    ),
    "sa.encoder_count": "使用这个编码器时，每个源表示读到了 {T} 个源词中的 {least} 到 {most} 个。",
    # ② keys and values
    "sa.kv": "② 对一种表示打分，读取另一种：键与值",
    "sa.kv_text": (
        "用来给匹配打分的表示，必须就是被取回的表示吗？给每个位置两个 $h_j$ 的投影：**键** $k_j$，只有打分函数看得到；"
        "**值** $v_j$，只由读取送出。带位置下标的值 $v_j$ 不是打分函数里的向量 $v$。"
    ),
    "sa.kv_mode": "被打分和被读取的表示",
    "sa.kv_mode_help": "相同：键和值都是 $h_j$。分开：键为 $W_K h_j$，值为 $W_V h_j$。",
    "sa.kv_mode.same": "相同：$k_j = v_j = h_j$（加性读取）",
    "sa.kv_mode.separate": "键与值分开",
    "sa.w_k": "$W_K$，2 × 2（元素之间用 , 分隔，行之间用 ; 分隔）",
    "sa.w_k_help": "键 $k_j = W_K h_j$。我们的默认值 -1,0;0,-1 给出 $k_j = -h_j$。",
    "sa.w_v": "$W_V$，2 × 2（元素之间用 , 分隔，行之间用 ; 分隔）",
    "sa.w_v_help": "值 $v_j = W_V h_j$。我们的默认值 1,0;0,1 保持 $v_j = h_j$。",
    "sa.w_k_field": "键投影",
    "sa.w_v_field": "值投影",
    "sa.kv_same_note": "键和值都是 $h_j$（$W_K = W_V = I$）；选择“键与值分开”即可设置它们。",
    "sa.reading": "读取方式",
    "sa.reading.additive": "加性（hⱼ）",
    "sa.reading.kv": "键、值",
    "sa.kv_weights_caption": (
        "当前 s 下各源位置上的权重：对 $h_j$ 打分的加性读取，以及对键打分的读取。这个状态是构造出来的数，"
        "并非真正执行的解码步。"
    ),
    "sa.kind.h": "hⱼ",
    "sa.kind.k": "键 kⱼ",
    "sa.kind.v": "值 vⱼ",
    "sa.field.weight": "权重",
    "sa.field.position": "位置",
    "sa.field.kind": "种类",
    "sa.field.label": "名称",
    "sa.coordinate": "第 {i} 维",
    "sa.context.additive": "c（加性）",
    "sa.context.kv": "c（值）",
    "sa.kv_plane_caption": (
        "每个位置的 $h_j$、键和值，用该位置的颜色画出；十字：两个上下文向量。从值读出的上下文向量是值的加权和，"
        "所以落在值的虚线凸包之内；加性读取的上下文向量落在 $h_j$ 的凸包之内。这些向量是手工挑选的：单看某个坐标"
        "没有意义。"
    ),
    "sa.kv_plane_caption_same": (
        "每个位置的 $h_j$（在这里它既是键也是值），用该位置的颜色画出；十字：上下文向量，即 $h_j$ 的加权和，"
        "落在它们的虚线凸包之内。这些向量是手工挑选的：单看某个坐标没有意义。"
    ),
    "sa.kv_equal": (
        "键和值都是 $h_j$，所以这就是页面 2 的加性读取：与它相比，任一权重的差异最大为 {dw}，"
        "上下文向量的差异最大为 {dc}。"
    ),
    "sa.kv_table_caption": (
        "每种读取把最大的权重放在哪里，以及它送出什么：加性读取的上下文向量是 $h_j$ 的加权和，另一种是值的加权和。"
    ),
    "sa.col.reading": "读取方式",
    "sa.col.most": "最大权重所在",
    "sa.col.weight": "该权重",
    "sa.col.c1": "c₁",
    "sa.col.c2": "c₂",
    # ③ self-attention
    "sa.self": "③ 每个位置提出自己的问题：自注意力",
    "sa.self_text": (
        "每个位置能否各自发出请求？让位置 $i$ 形成一个**查询** $q_i = W_Q h_i$，放在原来解码器状态所在之处："
        "它给每个键打分、归一化，再读取值。没有循环来安排这些请求；所有行都由 $h_j$ 一次算出。打分函数的 $U$ "
        "接收一个标量，所以 $W_Q$ 是 1 × 2 的一行，$q_i$ 是一个数，代替状态 $s$。键和值沿用 ② 中的选择。"
    ),
    "sa.w_q": "$W_Q$，1 × 2（两个元素之间用 , 分隔）",
    "sa.w_q_help": "查询 $q_i = W_Q h_i$。我们的默认值 1,1 给出 $q_i = h_{i,1} + h_{i,2}$。",
    "sa.w_q_field": "查询投影",
    "sa.mask": "掩码",
    "sa.mask_help": "无：每个位置都可以读取所有位置。因果：位置 i 读取位置 1 到 i。",
    "sa.mask.none": "无：每个位置读取所有位置",
    "sa.mask.causal": "因果：位置 i 读取位置 1 到 i",
    "sa.asks_axis": "提问的位置 i",
    "sa.reads_axis": "被读取的位置 j",
    "sa.masked": "被掩码",
    "sa.visible": "可见",
    "sa.visible_to": "对 $i$ 可见的 ${index}$",
    "sa.field.asks": "提问",
    "sa.field.reads": "读取",
    "sa.self_caption": (
        "第 $i$ 行：位置 $i$ 的查询在它可以读取的位置上的权重 $\\alpha_{ij}$；每行之和为 1，被掩码的位置对"
        "（淡红色）的权重恰好为 0。向量和打分函数都是手工挑选的，所以深色格子并不是两个词之间学到的关系。"
    ),
    "sa.self_table_caption": (
        "每个位置的查询、它把最大的权重放在哪里，以及它读到的 $c_i$，即它的新表示。某行的权重恰好等于我们的状态 A"
        "（s = -1）或 B（s = +1）对这些键和值的读取时，“相当于状态”一列写出该状态。"
    ),
    "sa.col.position": "位置 i",
    "sa.col.query": "查询 qᵢ",
    "sa.col.state": "相当于状态",
    "sa.col.ci1": "cᵢ,₁",
    "sa.col.ci2": "cᵢ,₂",
    "sa.order_same": (
        "把位置的顺序倒过来，权重随之而动：行和列都倒过来，别的什么都不变（最大差异 {gap}）。这个计算中没有任何东西"
        "知道一个词处在哪个位置；Transformer 为此加入了位置信息。"
    ),
    "sa.order_changes": (
        "把位置的顺序倒过来，权重的变化就不只是重新排列（最大差异 {gap}）：因果掩码取决于一个词处在哪个位置。"
    ),
    "sa.qkv_note": (
        "正如原文所说，查询、键和值是组织这些请求的一种方式，而不是理解注意力的必要起点。本页面沿用前面几个页面的"
        "加性打分函数；Transformer 的缩放点积分数、多个头和位置信息都不在这里。"
    ),
    # link and input errors
    "sa.bad_choice": "“{value}”不是 {choices} 之一",
    "sa.bad_shape": "应为 {rows} 行、每行 {cols} 个数，实际为 {shape}",
    "sa.bad_size": "元素的绝对值不能超过 {limit}",
}

FR: dict[str, str] = {
    "sa.lead": (
        "La section 8 de l'article sépare deux questions : quelles positions une lecture peut utiliser, et comment "
        "la lecture est organisée. Réglez d'abord ce que chaque étape peut voir ; puis essayez sur notre exemple les "
        "questions qui closent l'article : la représentation qui reçoit le score doit-elle être celle qu'on lit, et "
        "chaque position pourrait-elle formuler sa propre demande ?"
    ),
    # ① visibility
    "sa.tab_masks": "① Visibilité",
    "sa.tab_keys": "② Clés et valeurs",
    "sa.tab_self": "③ Auto-attention",
    "sa.vis": "① Qui peut utiliser quoi : la visibilité",
    "sa.vis_text": (
        "En traduction hors ligne, toute la phrase source est disponible avant que le décodage commence : "
        "l'encodeur bidirectionnel de Bahdanau la lit donc en entier, et chaque étape du décodeur peut lire chaque "
        "représentation source $h_j$. La cible est différente : l'étape $t$, qui produit $y_t$, peut utiliser les "
        "jetons qui la précèdent, de $y_0$ = `<s>` à $y_{t-1}$, jamais $y_t$ lui-même ni un jeton ultérieur. Des "
        "lectures différentes demandent des masques différents ; il n'existe pas de masque unique à imposer à tout "
        "mécanisme d'attention."
    ),
    "sa.source": "Phrase source (mots séparés par des espaces, 40 au plus)",
    "sa.source_help": "Chaque mot est une position source $x_j$.",
    "sa.source_field": "Phrase source",
    "sa.target": "Jetons cibles, un par étape du décodeur (10 au plus)",
    "sa.target_help": "L'étape t produit le t-ième jeton ; elle peut utiliser les jetons qui le précèdent.",
    "sa.target_field": "Jetons cibles",
    "sa.decoder_chart": "Ce que l'étape $t$ du décodeur peut utiliser",
    "sa.panel.source": "source xⱼ",
    "sa.panel.target": "cible yₖ",
    "sa.step_axis": "étape t · le jeton yₜ qu'elle produit",
    "sa.column_axis": "mots source xⱼ  |  jetons cibles yₖ",
    "sa.may_use": "utilisable",
    "sa.hidden": "caché",
    "sa.field.part": "partie",
    "sa.field.row": "ligne",
    "sa.field.column": "colonne",
    "sa.field.order": "ordre",
    "sa.field.state": "visibilité",
    "sa.decoder_caption": (
        "Lignes : étapes du décodeur ; colonnes : les mots source, lus à travers leurs représentations source $h_j$, "
        "puis, après le trait foncé, les jetons cibles. Case foncée : l'étape peut utiliser cette position. Dans ce "
        "décodeur récurrent, les jetons cibles antérieurs atteignent l'étape $t$ par son état $s_{t-1}$ et son "
        "entrée $y_{t-1}$, pas par l'attention ; un décodeur à auto-attention garde la même règle avec un masque "
        "causal. Le graphique dit ce qui peut être utilisé, pas dans quelle mesure."
    ),
    "sa.decoder_count": (
        "La dernière étape, $t$ = {U}, peut utiliser {src} des {T} mots source, `<s>`, et {before} des {U} jetons "
        "cibles."
    ),
    "sa.decoder_ahead_none": "Aucune étape ne peut utiliser le jeton qu'elle produit ni un jeton ultérieur.",
    "sa.decoder_ahead_some": "Une étape au moins peut utiliser le jeton qu'elle produit ou un jeton ultérieur.",
    "sa.encoder": "Encodeur",
    "sa.encoder_help": "Les sens de récurrence qui construisent la représentation source $h_j$.",
    "sa.encoder.bidirectional": "bidirectionnel (celui de Bahdanau)",
    "sa.encoder.forward": "de gauche à droite seulement",
    "sa.encoder.backward": "de droite à gauche seulement",
    "sa.encoder_chart": "Ce que chaque représentation source $h_j$ a lu",
    "sa.annotation_axis": "représentation source hⱼ",
    "sa.word_axis": "mot source xₖ",
    "sa.has_read": "lu",
    "sa.not_read": "non lu",
    "sa.encoder_caption": (
        "Lignes : représentations source $h_j$ ; colonnes : mots source $x_k$. Case foncée : $x_k$ peut atteindre "
        "$h_j$ par la récurrence. Un mot atteignable peut encore être en grande partie oublié ; le graphique montre "
        "la portée, pas ce qui est retenu."
    ),
    "sa.encoder_count": "Avec cet encodeur, les représentations source ont lu de {least} à {most} des {T} mots source.",
    # ② keys and values
    "sa.kv": "② Le score sur une représentation, la lecture d'une autre : clés et valeurs",
    "sa.kv_text": (
        "La représentation qui sert au score d'une correspondance doit-elle être celle qu'on récupère ? Donnez à "
        "chaque position deux projections de $h_j$ : une **clé** $k_j$, que seule la fonction de score voit, et une "
        "**valeur** $v_j$, que seule la lecture livre. La valeur $v_j$, avec son indice de position, n'est pas le "
        "vecteur $v$ de la fonction de score."
    ),
    "sa.kv_mode": "Représentation du score et de la lecture",
    "sa.kv_mode_help": (
        "La même : clés et valeurs sont toutes deux $h_j$. Séparées : clés $W_K h_j$, valeurs $W_V h_j$."
    ),
    "sa.kv_mode.same": "la même : $k_j = v_j = h_j$ (la lecture additive)",
    "sa.kv_mode.separate": "clés et valeurs séparées",
    "sa.w_k": "$W_K$, 2 × 2 (coefficients séparés par des virgules, lignes par « ; »)",
    "sa.w_k_help": "Clés $k_j = W_K h_j$. Notre valeur par défaut -1,0;0,-1 donne $k_j = -h_j$.",
    "sa.w_v": "$W_V$, 2 × 2 (coefficients séparés par des virgules, lignes par « ; »)",
    "sa.w_v_help": "Valeurs $v_j = W_V h_j$. Notre valeur par défaut 1,0;0,1 garde $v_j = h_j$.",
    "sa.w_k_field": "Projection des clés",
    "sa.w_v_field": "Projection des valeurs",
    "sa.kv_same_note": (
        "Clés et valeurs sont toutes deux $h_j$ ($W_K = W_V = I$) ; choisissez-les séparées pour les régler."
    ),
    "sa.reading": "lecture",
    "sa.reading.additive": "additive (hⱼ)",
    "sa.reading.kv": "clés, valeurs",
    "sa.kv_weights_caption": (
        "Poids sur les positions source à l'état s actuel : la lecture additive, qui calcule le score de $h_j$, et la "
        "lecture qui calcule le score des clés. L'état est un nombre construit, pas une étape exécutée du décodeur."
    ),
    "sa.kind.h": "hⱼ",
    "sa.kind.k": "clé kⱼ",
    "sa.kind.v": "valeur vⱼ",
    "sa.field.weight": "poids",
    "sa.field.position": "position",
    "sa.field.kind": "nature",
    "sa.field.label": "nom",
    "sa.coordinate": "coordonnée {i}",
    "sa.context.additive": "c (additif)",
    "sa.context.kv": "c (valeurs)",
    "sa.kv_plane_caption": (
        "Le $h_j$, la clé et la valeur de chaque position, dans sa couleur ; croix : les deux contextes. Le contexte "
        "lu dans les valeurs en est une somme pondérée, il se trouve donc dans leur enveloppe en pointillés ; le "
        "contexte additif se trouve dans l'enveloppe des $h_j$. Les vecteurs sont choisis à la main : une coordonnée "
        "ne signifie rien en elle-même."
    ),
    "sa.kv_plane_caption_same": (
        "Le $h_j$ de chaque position, qui est ici sa clé et sa valeur, dans sa couleur ; la croix : le contexte, somme "
        "pondérée des $h_j$, dans leur enveloppe en pointillés. Les vecteurs sont choisis à la main : une coordonnée "
        "ne signifie rien en elle-même."
    ),
    "sa.kv_equal": (
        "Clés et valeurs sont toutes deux $h_j$ : c'est donc la lecture additive de l'écran 2. L'écart le plus grand "
        "avec elle est de {dw} sur un poids et de {dc} sur le contexte."
    ),
    "sa.kv_table_caption": (
        "Où chaque lecture met le plus de poids, et ce qu'elle livre : le contexte de la lecture additive est une "
        "somme pondérée des $h_j$, celui de l'autre une somme pondérée des valeurs."
    ),
    "sa.col.reading": "lecture",
    "sa.col.most": "plus grand poids sur",
    "sa.col.weight": "ce poids",
    "sa.col.c1": "c₁",
    "sa.col.c2": "c₂",
    # ③ self-attention
    "sa.self": "③ Chaque position pose sa propre question : l'auto-attention",
    "sa.self_text": (
        "Chaque position pourrait-elle formuler sa propre demande ? Que la position $i$ forme une **requête** "
        "$q_i = W_Q h_i$ et la mette à la place de l'état du décodeur : elle calcule le score de chaque clé, "
        "normalise, et lit les valeurs. Aucune récurrence n'organise ces demandes ; toutes les lignes sont calculées "
        "d'un coup à partir des $h_j$. Le $U$ de la fonction de score prend un scalaire : $W_Q$ est donc une ligne "
        "1 × 2 et $q_i$ un nombre, à la place de l'état $s$. Clés et valeurs suivent le choix fait en ②."
    ),
    "sa.w_q": "$W_Q$, 1 × 2 (deux coefficients séparés par une virgule)",
    "sa.w_q_help": "Requêtes $q_i = W_Q h_i$. Notre valeur par défaut 1,1 donne $q_i = h_{i,1} + h_{i,2}$.",
    "sa.w_q_field": "Projection des requêtes",
    "sa.mask": "Masque",
    "sa.mask_help": "Aucun : chaque position peut lire toutes les positions. Causal : la position i lit les positions "
    "1 à i.",
    "sa.mask.none": "aucun : chaque position lit toutes les positions",
    "sa.mask.causal": "causal : la position i lit les positions 1 à i",
    "sa.asks_axis": "position i qui demande",
    "sa.reads_axis": "position j lue",
    "sa.masked": "masqué",
    "sa.visible": "visible",
    "sa.visible_to": "${index}$ visible depuis $i$",
    "sa.field.asks": "demande",
    "sa.field.reads": "lit",
    "sa.self_caption": (
        "Ligne $i$ : les poids $\\alpha_{ij}$ de la requête de la position $i$ sur les positions qu'elle peut lire ; "
        "la somme de chaque ligne vaut un, et une paire masquée (rouge pâle) reçoit exactement 0. Les vecteurs et la "
        "fonction de score sont choisis à la main : une case foncée n'est donc pas une relation apprise entre deux "
        "mots."
    ),
    "sa.self_table_caption": (
        "La requête de chaque position, où elle met le plus de poids, et ce qu'elle lit : $c_i$, sa nouvelle "
        "représentation. « Lit comme l'état » nomme notre état A (s = -1) ou B (s = +1) quand les poids de la ligne "
        "sont exactement la lecture de ces clés et valeurs par cet état."
    ),
    "sa.col.position": "position i",
    "sa.col.query": "requête qᵢ",
    "sa.col.state": "lit comme l'état",
    "sa.col.ci1": "cᵢ,₁",
    "sa.col.ci2": "cᵢ,₂",
    "sa.order_same": (
        "Inversez l'ordre des positions et les poids suivent : lignes et colonnes s'inversent, rien d'autre ne change "
        "(écart le plus grand {gap}). Rien dans ce calcul ne sait où se trouve un mot ; les Transformers ajoutent "
        "pour cela une information de position."
    ),
    "sa.order_changes": (
        "Inversez l'ordre des positions et les poids changent au-delà du réordonnancement (écart le plus grand "
        "{gap}) : le masque causal dépend de la place d'un mot."
    ),
    "sa.qkv_note": (
        "Requête, clé et valeur sont une façon d'organiser ces demandes, comme le dit l'article, et non un point de "
        "départ nécessaire pour comprendre l'attention. Cet écran garde la fonction de score additive des écrans "
        "précédents ; les scores par produit scalaire mis à l'échelle d'un Transformer, ses têtes multiples et son "
        "information de position n'y figurent pas."
    ),
    # link and input errors
    "sa.bad_choice": "« {value} » n'est pas l'une des valeurs {choices}",
    "sa.bad_shape": "attendu : {rows} ligne(s) de {cols} nombres, reçu {shape}",
    "sa.bad_size": "les coefficients doivent valoir au plus {limit} en valeur absolue",
}
