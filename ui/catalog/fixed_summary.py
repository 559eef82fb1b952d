"""Messages of screen 1, the fixed summary against a source that can be revisited (article sections 2-3)."""

EN: dict[str, str] = {
    "fix.lead": (
        "Before attention, a recurrent encoder–decoder handed the decoder **one fixed-width summary** of the "
        "sentence, the same vector at every target step; attention keeps every position's annotation $h_j$ and "
        "lets each step read its own context $c_t$. Type a sentence and compare the two on the same encoder."
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
        "through $h_{j-1}$."
    ),
    "fix.bidirectional_text": (
        "Bahdanau's encoder is bidirectional: the annotation $h_j$ joins a left-to-right and a right-to-left "
        "state, so it carries the words on both sides."
    ),
    "fix.summary_text": (
        "A fixed summary keeps one vector of width $2d$ for the whole sentence: here the forward pass's last "
        "state with the backward pass's first, each of which has read every word."
    ),
    "fix.sizes": (
        "This sentence: T = {T} annotations of width {width} ({total} numbers) stay available to attention; "
        "the fixed summary keeps {width} numbers whatever T is."
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
    "fix.decoder": "② Decoder: one summary for every step, or a new reading at each step",
    "fix.mode": "decoder",
    "fix.mode.fixed": "fixed summary",
    "fix.mode.attention": "attention",
    "fix.fixed_text": "**Fixed summary**: every step receives the same vector $c$.",
    "fix.every_step": "for every ",
    "fix.attention_text": (
        "**Attention**: before step $t$, the state $s_{t-1}$ scores every annotation and the step reads its own $c_t$."
    ),
    "fix.state_note": (
        "In both modes the decoder state $s_t$ changes from step to step; what differs is whether the source "
        "is read anew."
    ),
    "fix.contexts": "The context vector across target steps",
    "fix.contexts_caption": (
        "One line a component of the context each step receives: flat for the fixed summary, moving with "
        "attention (a new $c_t$ at each step), the same width in both."
    ),
    "fix.step_axis": "target step t",
    "fix.context_value": "component of cₜ",
    "fix.context_component": "component",
    "fix.weights": "Attention weights $\\alpha_{tj}$ per target step",
    "fix.weights_caption": (
        "Each cell is $\\alpha_{tj}$ and each column sums to one; the fixed summary has no such weights, since "
        "it reads nothing anew."
    ),
    "fix.compare": "What changes between the two modes",
    "fix.compare.context": "context $c_t$",
    "fix.compare.context_fixed": "the same $c$ at every step",
    "fix.compare.context_attention": "a new $\\sum_j \\alpha_{tj} h_j$ at each step",
    "fix.compare.width": "width of $c_t$",
    "fix.compare.width_value": "{width} numbers",
    "fix.compare.behind": "numbers kept from the source",
    "fix.compare.behind_fixed": "{width}, whatever T",
    "fix.compare.behind_attention": "{total} = T × {width} (T = {T})",
    "fix.compare.dc": "largest step-to-step change of $c_t$",
    "fix.compare.ds": "largest step-to-step change of the decoder state $s_t$",
    "fix.compare.one_step": "— (one step only)",
    "fix.compare_caption": "A change is the largest difference of one component between consecutive steps.",
}

ZH: dict[str, str] = {
    "fix.lead": (
        "在注意力出现之前，循环编码器–解码器交给解码器的是整句话的**一个固定宽度的摘要**，每个目标步拿到的都是同一个"
        "向量；注意力则保留每个位置的源表示 $h_j$，让每一步读出自己的上下文向量 $c_t$。输入一句话，在同一个编码器上"
        "比较两者。"
    ),
    "fix.source": "源句子（词与词之间用空格分隔，最多 40 个）",
    "fix.source_help": "每个词是一个词元 xⱼ；它的嵌入取自一张固定的伪随机查找表。",
    "fix.source_field": "源句子",
    "fix.target": "送入解码器的目标词元，每步一个（最多 10 个）",
    "fix.target_help": (
        "教师强制：第 t 步接收前一个目标词元 yₜ₋₁（第一步接收起始词元 <s>）；这里什么也不翻译，这些词元只用来推动各步。"
    ),
    "fix.target_field": "目标词元",
    "fix.schematic": (
        "这里的每个权重（嵌入、编码器、解码器、打分函数）都由一个带固定种子的生成器抽取一次，从未训练：这是"
        "**示意性的接口，不是学到的对齐**，所以下面没有哪个格子或哪条线是学到的对齐或某个词的重要性。"
    ),
    # encoder
    "fix.encoder": "① 编码器：沿源序列的循环",
    "fix.recurrence_text": "注意力之前的上下文：每个位置做同样的更新，经由 $h_{j-1}$ 把 $j$ 之前的词元带进 $h_j$。",
    "fix.bidirectional_text": (
        "Bahdanau 的编码器是双向的：源表示 $h_j$ 拼接了一个从左到右的状态和一个从右到左的状态，因此带有两侧的词的信息。"
    ),
    "fix.summary_text": (
        "固定摘要为整句话只保留一个宽度为 $2d$ 的向量：这里是前向的最后一个状态与后向的第一个状态，两者都已读过每个词。"
    ),
    "fix.sizes": (
        "这句话：T = {T} 个宽度为 {width} 的源表示（共 {total} 个数）都留给注意力读取；固定摘要无论 T 多大都只保留 "
        "{width} 个数。"
    ),
    "fix.annotations_caption": (
        "行：各源位置，最后是固定摘要（前向的最后一个状态与后向的第一个状态）；列：前向与后向状态的各个分量，每个都是 "
        "[−1, 1] 内的 tanh 输出，本身没有含义。"
    ),
    "fix.half.forward": "前向 →hⱼ",
    "fix.half.backward": "后向 ←hⱼ",
    "fix.summary_row": "固定摘要 c",
    "fix.half": "方向",
    "fix.row_field": "行",
    "fix.component": "分量",
    "fix.row": "源位置 j",
    "fix.position": "位置",
    "fix.value": "值",
    # decoder
    "fix.decoder": "② 解码器：每一步用同一个摘要，还是每一步重新读取",
    "fix.mode": "解码器",
    "fix.mode.fixed": "固定摘要",
    "fix.mode.attention": "注意力",
    "fix.fixed_text": "**固定摘要**：每一步拿到的都是同一个向量 $c$。",
    "fix.every_step": "对每个 ",
    "fix.attention_text": "**注意力**：在第 $t$ 步之前，状态 $s_{t-1}$ 给每个源表示打分，这一步读出自己的 $c_t$。",
    "fix.state_note": "两种方式下，解码器状态 $s_t$ 都逐步变化；区别在于是否重新读取源序列。",
    "fix.contexts": "各目标步的上下文向量",
    "fix.contexts_caption": (
        "每条线是每一步收到的上下文向量的一个分量：固定摘要下是平的，注意力下随步变化（每一步一个新的 $c_t$），"
        "两者宽度相同。"
    ),
    "fix.step_axis": "目标步 t",
    "fix.context_value": "cₜ 的分量",
    "fix.context_component": "分量",
    "fix.weights": "每个目标步的注意力权重 $\\alpha_{tj}$",
    "fix.weights_caption": (
        "每个格子是 $\\alpha_{tj}$，每一列之和为 1；固定摘要没有这样的权重，因为它不重新读取任何东西。"
    ),
    "fix.compare": "两种方式有什么不同",
    "fix.compare.context": "上下文向量 $c_t$",
    "fix.compare.context_fixed": "每一步都是同一个 $c$",
    "fix.compare.context_attention": "每一步一个新的 $\\sum_j \\alpha_{tj} h_j$",
    "fix.compare.width": "$c_t$ 的宽度",
    "fix.compare.width_value": "{width} 个数",
    "fix.compare.behind": "从源序列保留下来的数",
    "fix.compare.behind_fixed": "{width}，与 T 无关",
    "fix.compare.behind_attention": "{total} = T × {width}（T = {T}）",
    "fix.compare.dc": "$c_t$ 相邻两步间的最大变化",
    "fix.compare.ds": "解码器状态 $s_t$ 相邻两步间的最大变化",
    "fix.compare.one_step": "—（只有一步）",
    "fix.compare_caption": "变化指同一个分量在相邻两步之间的最大差值。",
}

FR: dict[str, str] = {
    "fix.lead": (
        "Avant l'attention, un encodeur–décodeur récurrent donnait au décodeur **un seul résumé de largeur fixe** de "
        "la phrase, le même vecteur à chaque étape cible ; l'attention garde la représentation source $h_j$ de chaque "
        "position et laisse chaque étape lire son propre contexte $c_t$. Tapez une phrase et comparez les deux sur le "
        "même encodeur."
    ),
    "fix.source": "Phrase source (mots séparés par des espaces, 40 au plus)",
    "fix.source_help": "Chaque mot est un jeton xⱼ ; son plongement est lu dans une table fixe pseudo-aléatoire.",
    "fix.source_field": "Phrase source",
    "fix.target": "Jetons cibles donnés au décodeur, un par étape (10 au plus)",
    "fix.target_help": (
        "Forçage par l'enseignant (teacher forcing) : l'étape t reçoit le jeton cible précédent yₜ₋₁ (la première "
        "étape, le jeton initial <s>) ; rien n'est traduit, les jetons ne font qu'avancer les étapes."
    ),
    "fix.target_field": "Jetons cibles",
    "fix.schematic": (
        "Tous les poids ici (plongements, encodeur, décodeur, fonction de score) sont tirés une fois d'un générateur "
        "à graine fixe et jamais entraînés : une **interface schématique, pas un alignement appris** ; aucune case ni "
        "aucune courbe ci-dessous n'est donc un alignement appris ou l'importance d'un mot."
    ),
    # encoder
    "fix.encoder": "① Encodeur : une récurrence sur la source",
    "fix.recurrence_text": (
        "Le contexte avant l'attention : la même mise à jour à chaque position fait entrer dans $h_j$, par "
        "$h_{j-1}$, les jetons qui précèdent $j$."
    ),
    "fix.bidirectional_text": (
        "L'encodeur de Bahdanau est bidirectionnel : la représentation source $h_j$ réunit un état de gauche à droite "
        "et un état de droite à gauche ; elle porte donc les mots des deux côtés."
    ),
    "fix.summary_text": (
        "Un résumé fixe garde un seul vecteur de largeur $2d$ pour toute la phrase : ici le dernier état de la passe "
        "avant et le premier de la passe arrière, qui ont chacun lu tous les mots."
    ),
    "fix.sizes": (
        "Cette phrase : T = {T} représentations source de largeur {width} ({total} nombres) restent disponibles pour "
        "l'attention ; le résumé fixe garde {width} nombres quel que soit T."
    ),
    "fix.annotations_caption": (
        "Lignes : les positions source, puis le résumé fixe (dernier état avant et premier état arrière) ; colonnes : "
        "les composantes des états avant et arrière, chacune une sortie de tanh dans [−1, 1] sans signification propre."
    ),
    "fix.half.forward": "avant →hⱼ",
    "fix.half.backward": "arrière ←hⱼ",
    "fix.summary_row": "résumé fixe c",
    "fix.half": "sens",
    "fix.row_field": "ligne",
    "fix.component": "composante",
    "fix.row": "position source j",
    "fix.position": "position",
    "fix.value": "valeur",
    # decoder
    "fix.decoder": "② Décodeur : un seul résumé pour toutes les étapes, ou une nouvelle lecture à chaque étape",
    "fix.mode": "décodeur",
    "fix.mode.fixed": "résumé fixe",
    "fix.mode.attention": "attention",
    "fix.fixed_text": "**Résumé fixe** : chaque étape reçoit le même vecteur $c$.",
    "fix.every_step": "pour tout ",
    "fix.attention_text": (
        "**Attention** : avant l'étape $t$, l'état $s_{t-1}$ donne un score à chaque représentation source, et "
        "l'étape lit son propre $c_t$."
    ),
    "fix.state_note": (
        "Dans les deux modes, l'état du décodeur $s_t$ change d'une étape à l'autre ; ce qui diffère, c'est si la "
        "source est relue."
    ),
    "fix.contexts": "Le vecteur de contexte au fil des étapes cibles",
    "fix.contexts_caption": (
        "Une courbe par composante du contexte reçu à chaque étape : plate pour le résumé fixe, mobile avec "
        "l'attention (un nouveau $c_t$ à chaque étape), de même largeur dans les deux cas."
    ),
    "fix.step_axis": "étape cible t",
    "fix.context_value": "composante de cₜ",
    "fix.context_component": "composante",
    "fix.weights": "Poids d'attention $\\alpha_{tj}$ à chaque étape cible",
    "fix.weights_caption": (
        "Chaque case est $\\alpha_{tj}$ et chaque colonne a pour somme un ; le résumé fixe n'a pas de tels poids, "
        "puisqu'il ne relit rien."
    ),
    "fix.compare": "Ce qui change d'un mode à l'autre",
    "fix.compare.context": "contexte $c_t$",
    "fix.compare.context_fixed": "le même $c$ à chaque étape",
    "fix.compare.context_attention": "un nouveau $\\sum_j \\alpha_{tj} h_j$ à chaque étape",
    "fix.compare.width": "largeur de $c_t$",
    "fix.compare.width_value": "{width} nombres",
    "fix.compare.behind": "nombres gardés de la source",
    "fix.compare.behind_fixed": "{width}, quel que soit T",
    "fix.compare.behind_attention": "{total} = T × {width} (T = {T})",
    "fix.compare.dc": "plus grand changement de $c_t$ d'une étape à la suivante",
    "fix.compare.ds": "plus grand changement de l'état du décodeur $s_t$ d'une étape à la suivante",
    "fix.compare.one_step": "— (une seule étape)",
    "fix.compare_caption": (
        "Un changement est la plus grande différence d'une composante entre deux étapes consécutives."
    ),
}
