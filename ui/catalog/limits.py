"""Messages of screen 7, what attention is not (article sections 1 and 4)."""

EN: dict[str, str] = {
    "lim.lead": (
        "Attention selects what to read; it does not by itself understand what it read, and selecting has costs. "
        "This screen lets you operate both: our small example of a goal choosing words (section 1 of the article), "
        "and what hard selection and global soft attention cost (section 4)."
    ),
    # --- Section 1: selecting is not understanding ---
    "lim.tab_select": "Selecting is not understanding",
    "lim.tab_hard": "Hard selection",
    "lim.tab_work": "Global soft attention",
    "lim.select": "Selecting is not understanding",
    "lim.select_text": (
        "Each source below has a hand-made representation $h_j$ whose coordinates are named features; the goal or "
        "question is a query q that scores every source, $e_j = q^\\top h_j$, and the read is the usual "
        "$\\alpha = \\operatorname{Softmax}(e)$, $c = \\sum_j \\alpha_j h_j$. These are our example's numbers, not "
        "the article's (it gives none here), and not measured human attention."
    ),
    "lim.cafe": "In the café: the goal decides what is read",
    "lim.goal": "Your goal",
    "lim.goal_follow": "follow your friend",
    "lim.goal_phone": "find your phone",
    "lim.cafe_caption": (
        "Weights over the café's four sources for the chosen goal. The sources and the query are our choices; the "
        "chart does not show attention that is not voluntary, such as an unexpected sound interrupting."
    ),
    "lim.cafe_top": "With this goal the most weight goes to **{source}** ({weight}).",
    "lim.source": "source",
    "lim.source_voice": "your friend's voice",
    "lim.source_table": "the next table's conversation",
    "lim.source_machine": "the coffee machine",
    "lim.source_phone": "the phone on the table",
    "lim.notebook": "The notebook: the same weights, a different meaning",
    "lim.question": "Question",
    "lim.question_where": "Where was the notebook left?",
    "lim.question_colour": "What colour is the notebook?",
    "lim.not": "Add “did not”",
    "lim.not_help": "Switch between the sentence with “left” and the one with “did not leave”.",
    "lim.action": "How much the question weighs the action phrase (the query's entry on the feature *action*)",
    "lim.action_help": (
        "0: the query looks only for the feature its question asks for. No query weighs the feature *not*."
    ),
    "lim.phrases": (
        "Our example reads the sentence in phrases, so that both sentences have the same {T} positions: {phrases}."
    ),
    "lim.phrase": "phrase",
    "lim.phrase_sequence": "{person} | {action} | {article} | {colour} | {object} | {place} | {time}",
    "lim.phrase_person": "Felix",
    "lim.phrase_action": "left",
    "lim.phrase_action_not": "did not leave",
    "lim.phrase_article": "the",
    "lim.phrase_colour": "blue",
    "lim.phrase_object": "notebook",
    "lim.phrase_place": "in the meeting room",
    "lim.phrase_time": "yesterday",
    "lim.weights_caption": (
        "Weights $\\alpha_j$ over the phrases of the sentence shown. A weight says how this read combines the "
        "phrases; it is not the meaning of the sentence, nor the causal importance of a phrase."
    ),
    "lim.same_weights": (
        "The other sentence, with “{other}” in place of “{shown}”, gets exactly the same weights: the largest "
        "difference between the two sets of weights is {diff}."
    ),
    "lim.other_weights": "The other sentence's weights differ from these by up to {diff}.",
    "lim.contexts": "What the two reads contain",
    "lim.context_caption": (
        "The context $c = \\sum_j \\alpha_j h_j$ of each sentence, one feature a group. The features are our "
        "labels for the coordinates; the chart does not show what a model would do with c next."
    ),
    "lim.feature": "feature",
    "lim.sentence": "sentence",
    "lim.feature_person": "person",
    "lim.feature_action": "action",
    "lim.feature_colour": "colour",
    "lim.feature_object": "object",
    "lim.feature_place": "place",
    "lim.feature_time": "time",
    "lim.feature_not": "not",
    "lim.list_separator": ", ",
    "lim.context_diff": (
        "The two contexts differ only in the feature **{feature}**: {negated} with “did not leave” against "
        "{plain} with “left”. That is all that is left of “not” in what was read: the weight on the action phrase."
    ),
    "lim.context_diffs": "The two contexts differ in the features {features}.",
    "lim.context_same": "The two contexts are identical.",
    "lim.answers": "Cutting out the most-weighted phrase against what each sentence says",
    "lim.answer_row": ("“{sentence}”: most weight on **{top}** ({weight}); what the sentence says: {says}"),
    "lim.says": "{phrase}.",
    "lim.says_nothing": "nothing about where the notebook is, only where it was not left.",
    "lim.same_top_different_meaning": (
        "The same phrase, **{top}**, is picked in both sentences, yet they answer the question differently: the "
        "answer depends on how it combines with “did not leave”, which the weights alone do not decide."
    ),
    "lim.same_top_same_meaning": (
        "Here both sentences give the same answer: “not” negates leaving the notebook, not its colour."
    ),
    "lim.different_top": "The most-weighted phrase differs between the sentences here.",
    "lim.sentence_plain": "Felix left the blue notebook in the meeting room yesterday.",
    "lim.sentence_negated": "Felix did not leave the blue notebook in the meeting room yesterday.",
    "lim.with_plain": "with “left”",
    "lim.with_negated": "with “did not leave”",
    # --- Section 4: what hard selection costs ---
    "lim.hard": "What hard selection costs: no ordinary gradient",
    "lim.hard_text": (
        "Move one score $e_k$ of our example, the others held at the current state $s$, and compare the soft read "
        "with hard selection (all weight on the highest score). The loss is our example's probe $L = g^\\top c$ "
        "with $g = ({g1}, {g2})$ (the Learning screen's default)."
    ),
    "lim.position": "Score moved: the position $k$",
    "lim.shift": "Change added to $e_k$",
    "lim.loss_title": "L = gᵀc",
    "lim.slope_title": "dL/deₖ",
    "lim.ek": "score eₖ",
    "lim.soft": "soft read",
    "lim.hard_read": "hard selection",
    "lim.read": "read",
    "lim.now": "now",
    "lim.loss_caption": (
        "$L$ as $e_k$ moves: the soft read changes continuously; hard selection stays put until $e_k$ passes the "
        "largest other score, then jumps (the dashed line's steep stretch only joins two neighbouring points)."
    ),
    "lim.slope_caption": (
        "$\\partial L/\\partial e_k$ over the same range: the soft read's analytic derivative, and the hard "
        "read's central difference, 0 wherever it is defined; at the switch the hard read has no derivative, which "
        "the chart leaves out."
    ),
    "lim.slopes_now": (
        "At $e_k$ = {x}: the soft read's $\\partial L/\\partial e_k$ = {analytic} (central finite differences: "
        "{numeric}, relative error {error}); hard selection's, by the same finite differences, {hard}: a small "
        "change of the scores leaves the hard read where it is."
    ),
    "lim.slopes_switch": (
        "At $e_k$ = {x} another score is within the finite differences' step of the largest: hard selection "
        "switches here and has no derivative (its finite difference is {hard}); the soft read's "
        "$\\partial L/\\partial e_k$ = {analytic} (finite differences: {numeric})."
    ),
    "lim.switch": "In this range hard selection switches at $e_k$ = {switch}, where L jumps by {jump}.",
    "lim.no_switch": "In this range hard selection never switches: the largest other score is {switch}.",
    "lim.rl": (
        "So the gradient that trains the soft read's scorer has nothing to pass through hard selection. The article "
        "says hard selection is not untrainable but needs different treatment: reinforcement learning was used in "
        "visual attention, where Mnih and colleagues' (2014) recurrent model selected image regions one after another."
    ),
    "lim.one_position": "Hard selection needs at least two source positions to switch between; add one on screen 2.",
    "lim.position_reset": "The link's position {k} is not in the {T} source positions; the first is shown instead.",
    # --- Section 4: what global soft attention costs ---
    "lim.work": "What global soft attention costs: every position, every step",
    "lim.not_sparse": (
        "Its aggregation is selective, its computation is not: at the current state $s$ = {s} our example's read "
        "gives {positive} of its {T} positions a weight above zero (the smallest is {smallest}, {at}), and it scored "
        "all {T} to get them."
    ),
    "lim.T": "Source length T",
    "lim.Tp": "Target length T′",
    "lim.D": "Local window's half-width D",
    "lim.counts": (
        "For T = {T} and T′ = {Tp}, global soft attention computes T × T′ = **{global_}** scores $e_{{tj}}$ for one "
        "sentence pair; a window of half-width D = {D} computes **{local}** ({share} of them)."
    ),
    "lim.global": "global (every position)",
    "lim.local": "local window (2D + 1)",
    "lim.reading": "reading",
    "lim.scores_title": "scores per sentence pair",
    "lim.work_caption": (
        "Scores computed for one sentence pair as the source length grows, at the target length set. The chart "
        "counts scores only: not the work inside each score ($d_a$ units in the additive scorer), not the cost of "
        "choosing the window's centre, and nothing about translation quality."
    ),
    "lim.grid_both": "scored by both",
    "lim.grid_global": "scored by global attention only",
    "lim.scored_by": "scored by",
    "lim.grid_t": "target step t",
    "lim.grid_j": "source position j",
    "lim.grid_caption": (
        "Which scores $e_{{tj}}$ each reading computes for T = {T}, T′ = {Tp}, D = {D}; the window is centred on "
        "$p_t = t$ (held at T when the target is longer). The grid does not show the weights' values."
    ),
    "lim.luong": (
        "The article mentions only that Luong and colleagues (2015) explored local as well as global reading. "
        "In their paper, local attention scores a window $[p_t - D,\\, p_t + D]$ of at most 2D + 1 source "
        "positions around an aligned position $p_t$, with D chosen by hand; here $p_t = t$, their monotonic variant."
    ),
}

ZH: dict[str, str] = {
    "lim.lead": (
        "注意力选择读什么；它本身并不理解读到的内容，而且选择是有代价的。本页让你亲手操作这两点：在我们的小示例里，"
        "目标如何挑选要读的词（原文第 1 节）；以及硬选择和全局软注意力各有什么代价（第 4 节）。"
    ),
    "lim.tab_select": "选择不等于理解",
    "lim.tab_hard": "硬选择",
    "lim.tab_work": "全局软注意力",
    "lim.select": "选择不等于理解",
    "lim.select_text": (
        "下面每个来源都有一个手工设定的源表示 $h_j$，它的每个坐标是一个有名字的特征；目标或问题是一个查询 q，"
        "它给每个来源打分，$e_j = q^\\top h_j$，读取照常是 $\\alpha = \\operatorname{Softmax}(e)$，"
        "$c = \\sum_j \\alpha_j h_j$。这些是我们的示例的数字，不是原文的（原文这里没有给出数字），"
        "也不是测得的人类注意力。"
    ),
    "lim.cafe": "在咖啡馆：目标决定读什么",
    "lim.goal": "你的目标",
    "lim.goal_follow": "跟上朋友的讲解",
    "lim.goal_phone": "找手机",
    "lim.cafe_caption": (
        "在所选目标下，咖啡馆里四个来源的权重。来源和查询都是我们选定的；图中没有展示不由自主的注意力，"
        "比如突然响起的声音把你打断。"
    ),
    "lim.cafe_top": "在这个目标下，权重最大的是 **{source}**（{weight}）。",
    "lim.source": "来源",
    "lim.source_voice": "朋友的声音",
    "lim.source_table": "邻桌的谈话",
    "lim.source_machine": "咖啡机",
    "lim.source_phone": "桌上的手机",
    "lim.notebook": "笔记本：权重相同，意思不同",
    "lim.question": "问题",
    "lim.question_where": "笔记本落在哪里了？",
    "lim.question_colour": "笔记本是什么颜色的？",
    "lim.not": "加上“没有”",
    "lim.not_help": "在含“落在了”的句子和含“没有落在”的句子之间切换。",
    "lim.action": "问题对动作短语的看重程度（查询在特征 *动作* 上的分量）",
    "lim.action_help": "0：查询只寻找问题所问的那个特征。任何查询都不看重特征 *否定*。",
    "lim.phrases": "我们的示例按短语读这个句子，这样两个句子都有同样的 {T} 个位置：{phrases}。",
    "lim.phrase": "短语",
    "lim.phrase_sequence": "{article} | {colour} | {object} | {person} | {time} | {action} | {place}",
    "lim.phrase_person": "李明",
    "lim.phrase_action": "落在了",
    "lim.phrase_action_not": "没有落在",
    "lim.phrase_article": "那本",
    "lim.phrase_colour": "蓝色",
    "lim.phrase_object": "笔记本",
    "lim.phrase_place": "会议室",
    "lim.phrase_time": "昨天",
    "lim.weights_caption": (
        "所示句子各短语上的权重 $\\alpha_j$。权重说明这次读取如何组合各个短语；它不是句子的意思，"
        "也不是某个短语的因果重要性。"
    ),
    "lim.same_weights": ("另一个句子把“{shown}”换成了“{other}”，得到的权重完全相同：两组权重之间的最大差值是 {diff}。"),
    "lim.other_weights": "另一个句子的权重与这里的权重最多相差 {diff}。",
    "lim.contexts": "两次读取得到了什么",
    "lim.context_caption": (
        "每个句子的上下文向量 $c = \\sum_j \\alpha_j h_j$，每组一个特征。特征名是我们给各坐标起的标签；"
        "图中没有展示模型接下来会怎样使用 c。"
    ),
    "lim.feature": "特征",
    "lim.sentence": "句子",
    "lim.feature_person": "人物",
    "lim.feature_action": "动作",
    "lim.feature_colour": "颜色",
    "lim.feature_object": "物体",
    "lim.feature_place": "地点",
    "lim.feature_time": "时间",
    "lim.feature_not": "否定",
    "lim.list_separator": "、",
    "lim.context_diff": (
        "两个上下文向量只在特征 **{feature}** 上不同：含“没有落在”时是 {negated}，含“落在了”时是 {plain}。"
        "“没有”在读到的内容里只留下了这一点：动作短语上的权重。"
    ),
    "lim.context_diffs": "两个上下文向量在特征 {features} 上不同。",
    "lim.context_same": "两个上下文向量完全相同。",
    "lim.answers": "截取权重最大的短语，对照每个句子实际说的内容",
    "lim.answer_row": "“{sentence}”：权重最大的是 **{top}**（{weight}）；句子本身说的：{says}",
    "lim.says": "{phrase}。",
    "lim.says_nothing": "没说笔记本在哪里，只说了它没有落在哪里。",
    "lim.same_top_different_meaning": (
        "两个句子挑出的是同一个短语 **{top}**，对问题的回答却不同：答案取决于它怎样与“没有落在”组合，"
        "而这一点单靠权重决定不了。"
    ),
    "lim.same_top_same_meaning": "这里两个句子的回答相同：“没有”否定的是把笔记本落下，而不是它的颜色。",
    "lim.different_top": "这里两个句子中权重最大的短语不同。",
    "lim.sentence_plain": "那本蓝色笔记本，李明昨天落在了会议室。",
    "lim.sentence_negated": "那本蓝色笔记本，李明昨天没有落在会议室。",
    "lim.with_plain": "含“落在了”",
    "lim.with_negated": "含“没有落在”",
    "lim.hard": "硬选择的代价：没有普通的梯度",
    "lim.hard_text": (
        "移动我们示例中的一个分数 $e_k$，其余分数保持当前状态 $s$ 下的值，比较软读取与硬选择（全部权重给最高分）。"
        "损失是我们示例的探针 $L = g^\\top c$，其中 $g = ({g1}, {g2})$（“学习”页面的默认值）。"
    ),
    "lim.position": "被移动的分数：位置 $k$",
    "lim.shift": "加到 $e_k$ 上的变化量",
    "lim.loss_title": "L = gᵀc",
    "lim.slope_title": "dL/deₖ",
    "lim.ek": "分数 eₖ",
    "lim.soft": "软读取",
    "lim.hard_read": "硬选择",
    "lim.read": "读取方式",
    "lim.now": "当前",
    "lim.loss_caption": (
        "$e_k$ 移动时的 $L$：软读取连续变化；硬选择一直不变，直到 $e_k$ 越过其余分数中的最大值，然后跳变"
        "（虚线上陡峭的一段只是把相邻两个点连起来）。"
    ),
    "lim.slope_caption": (
        "同一范围内的 $\\partial L/\\partial e_k$：软读取的解析导数，以及硬选择的中心差分，后者在有定义处都是 0；"
        "在切换点硬选择没有导数，图中略去了这一点。"
    ),
    "lim.slopes_now": (
        "在 $e_k$ = {x} 处：软读取的 $\\partial L/\\partial e_k$ = {analytic}（中心有限差分：{numeric}，"
        "相对误差 {error}）；硬选择的，用同样的有限差分算得 {hard}：分数的微小变化不会改变硬选择读到的内容。"
    ),
    "lim.slopes_switch": (
        "在 $e_k$ = {x} 处，另一个分数与最大分数相差不到有限差分的一个步长：硬选择在这里切换，没有导数"
        "（它的有限差分是 {hard}）；软读取的 $\\partial L/\\partial e_k$ = {analytic}（有限差分：{numeric}）。"
    ),
    "lim.switch": "在这个范围内，硬选择在 $e_k$ = {switch} 处切换，L 在那里跳变 {jump}。",
    "lim.no_switch": "在这个范围内，硬选择从不切换：其余分数中的最大值是 {switch}。",
    "lim.rl": (
        "因此，训练软读取打分函数的梯度在硬选择这里无从传递。原文说，硬选择并非无法训练，只是需要不同的处理："
        "视觉注意力中用过强化学习，Mnih 等人（2014）的循环模型就是一个接一个地选取图像区域。"
    ),
    "lim.one_position": "硬选择至少需要两个源位置才能在其间切换；请在页面 2 上添加一个。",
    "lim.position_reset": "链接中的位置 {k} 不在 {T} 个源位置之内；现在显示的是第一个。",
    "lim.work": "全局软注意力的代价：每一步都要看每个位置",
    "lim.not_sparse": (
        "它的汇总是有选择的，计算却不是：在当前状态 $s$ = {s} 下，我们示例的读取给 {T} 个位置中的 {positive} 个"
        "分配了大于零的权重（最小的是位置“{at}”上的 {smallest}），而为了得到这些权重，它给全部 {T} 个位置都打了分。"
    ),
    "lim.T": "源序列长度 T",
    "lim.Tp": "目标序列长度 T′",
    "lim.D": "局部窗口的半宽 D",
    "lim.counts": (
        "当 T = {T}、T′ = {Tp} 时，全局软注意力为一个句对计算 T × T′ = **{global_}** 个分数 $e_{{tj}}$；"
        "半宽 D = {D} 的窗口计算 **{local}** 个（占 {share}）。"
    ),
    "lim.global": "全局（每个位置）",
    "lim.local": "局部窗口（2D + 1）",
    "lim.reading": "读取范围",
    "lim.scores_title": "每个句对的分数个数",
    "lim.work_caption": (
        "源序列变长时，一个句对要计算的分数个数（目标序列长度取所设的值）。图中只数分数：不含每个分数内部的计算"
        "（加性打分函数中的 $d_a$ 个单元），不含选择窗口中心的代价，也不涉及翻译质量。"
    ),
    "lim.grid_both": "两者都计算",
    "lim.grid_global": "只有全局注意力计算",
    "lim.scored_by": "由谁计算",
    "lim.grid_t": "目标步 t",
    "lim.grid_j": "源位置 j",
    "lim.grid_caption": (
        "T = {T}、T′ = {Tp}、D = {D} 时，两种读取范围各计算哪些分数 $e_{{tj}}$；窗口以 $p_t = t$ 为中心"
        "（目标序列更长时固定在 T）。网格不显示权重的值。"
    ),
    "lim.luong": (
        "原文只提到 Luong 等人（2015）除了全局读取也研究了局部读取。在他们的论文中，局部注意力只给对齐位置 $p_t$ "
        "周围的窗口 $[p_t - D,\\, p_t + D]$ 里最多 2D + 1 个源位置打分，D 由人工选定；这里 $p_t = t$，"
        "即他们的单调变体。"
    ),
}

FR: dict[str, str] = {
    "lim.lead": (
        "L'attention choisit quoi lire ; elle ne comprend pas pour autant ce qu'elle a lu, et choisir a un coût. "
        "Cet écran vous fait manipuler les deux : notre petit exemple d'un objectif qui choisit des mots (section 1 de "
        "l'article), et ce que coûtent la sélection dure et l'attention douce globale (section 4)."
    ),
    "lim.tab_select": "Sélectionner n'est pas comprendre",
    "lim.tab_hard": "Sélection dure",
    "lim.tab_work": "Attention douce globale",
    "lim.select": "Sélectionner n'est pas comprendre",
    "lim.select_text": (
        "Chaque source ci-dessous a une représentation $h_j$ faite à la main, dont les coordonnées sont des "
        "caractéristiques nommées ; l'objectif ou la question est une requête q qui donne un score à chaque source, "
        "$e_j = q^\\top h_j$, et la lecture est l'habituelle $\\alpha = \\operatorname{Softmax}(e)$, "
        "$c = \\sum_j \\alpha_j h_j$. Ce sont les chiffres de notre exemple, pas ceux de l'article (il n'en donne "
        "aucun ici), ni une attention humaine mesurée."
    ),
    "lim.cafe": "Au café : l'objectif décide de ce qui est lu",
    "lim.goal": "Votre objectif",
    "lim.goal_follow": "suivre ce que dit votre ami",
    "lim.goal_phone": "retrouver votre téléphone",
    "lim.cafe_caption": (
        "Les poids sur les quatre sources du café pour l'objectif choisi. Les sources et la requête sont nos choix ; "
        "le graphique ne montre pas l'attention involontaire, comme un bruit inattendu qui vous interrompt."
    ),
    "lim.cafe_top": "Avec cet objectif, la source qui reçoit le plus de poids est **{source}** ({weight}).",
    "lim.source": "source",
    "lim.source_voice": "la voix de votre ami",
    "lim.source_table": "la conversation de la table voisine",
    "lim.source_machine": "la machine à café",
    "lim.source_phone": "le téléphone sur la table",
    "lim.notebook": "Le carnet : les mêmes poids, un autre sens",
    "lim.question": "Question",
    "lim.question_where": "Où le carnet a-t-il été laissé ?",
    "lim.question_colour": "De quelle couleur est le carnet ?",
    "lim.not": "Ajouter « ne… pas »",
    "lim.not_help": "Passer de la phrase avec « a laissé » à celle avec « n'a pas laissé ».",
    "lim.action": (
        "Le poids que la question donne au groupe verbal (la composante de la requête sur la caractéristique *action*)"
    ),
    "lim.action_help": (
        "0 : la requête ne cherche que la caractéristique que demande sa question. Aucune requête ne donne de poids "
        "à la caractéristique *négation*."
    ),
    "lim.phrases": (
        "Notre exemple lit la phrase par groupes de mots, pour que les deux phrases aient les mêmes {T} positions : "
        "{phrases}."
    ),
    "lim.phrase": "groupe de mots",
    "lim.phrase_sequence": "{person} | {action} | {article} | {object} | {colour} | {place} | {time}",
    "lim.phrase_person": "Félix",
    "lim.phrase_action": "a laissé",
    "lim.phrase_action_not": "n'a pas laissé",
    "lim.phrase_article": "le",
    "lim.phrase_colour": "bleu",
    "lim.phrase_object": "carnet",
    "lim.phrase_place": "dans la salle de réunion",
    "lim.phrase_time": "hier",
    "lim.weights_caption": (
        "Les poids $\\alpha_j$ sur les groupes de mots de la phrase affichée. Un poids dit comment cette lecture "
        "combine les groupes ; ce n'est ni le sens de la phrase, ni l'importance causale d'un groupe."
    ),
    "lim.same_weights": (
        "L'autre phrase, avec « {other} » à la place de « {shown} », reçoit exactement les mêmes poids : le plus "
        "grand écart entre les deux jeux de poids est {diff}."
    ),
    "lim.other_weights": "Les poids de l'autre phrase diffèrent de ceux-ci d'au plus {diff}.",
    "lim.contexts": "Ce que contiennent les deux lectures",
    "lim.context_caption": (
        "Le vecteur de contexte $c = \\sum_j \\alpha_j h_j$ de chaque phrase, une caractéristique par groupe. Les "
        "caractéristiques sont nos noms pour les coordonnées ; le graphique ne montre pas ce qu'un modèle ferait "
        "ensuite de c."
    ),
    "lim.feature": "caractéristique",
    "lim.sentence": "phrase",
    "lim.feature_person": "personne",
    "lim.feature_action": "action",
    "lim.feature_colour": "couleur",
    "lim.feature_object": "objet",
    "lim.feature_place": "lieu",
    "lim.feature_time": "moment",
    "lim.feature_not": "négation",
    "lim.list_separator": ", ",
    "lim.context_diff": (
        "Les deux vecteurs de contexte ne diffèrent que par la caractéristique **{feature}** : {negated} avec "
        "« n'a pas laissé » contre {plain} avec « a laissé ». C'est tout ce qui reste de « ne… pas » dans ce qui a "
        "été lu : le poids du groupe verbal."
    ),
    "lim.context_diffs": "Les deux vecteurs de contexte diffèrent par les caractéristiques {features}.",
    "lim.context_same": "Les deux vecteurs de contexte sont identiques.",
    "lim.answers": "Le groupe le plus pondéré, découpé de la phrase, face à ce que dit chaque phrase",
    "lim.answer_row": "« {sentence} » : le plus de poids sur **{top}** ({weight}) ; ce que dit la phrase : {says}",
    "lim.says": "{phrase}.",
    "lim.says_nothing": "rien sur l'endroit où se trouve le carnet, seulement là où il n'a pas été laissé.",
    "lim.same_top_different_meaning": (
        "Le même groupe, **{top}**, est choisi dans les deux phrases, et pourtant elles répondent différemment à la "
        "question : la réponse dépend de la façon dont il se combine avec « n'a pas laissé », ce que les poids seuls "
        "ne décident pas."
    ),
    "lim.same_top_same_meaning": (
        "Ici les deux phrases donnent la même réponse : « ne… pas » nie le fait de laisser le carnet, pas sa couleur."
    ),
    "lim.different_top": "Ici, le groupe le plus pondéré diffère d'une phrase à l'autre.",
    "lim.sentence_plain": "Félix a laissé le carnet bleu dans la salle de réunion hier.",
    "lim.sentence_negated": "Félix n'a pas laissé le carnet bleu dans la salle de réunion hier.",
    "lim.with_plain": "avec « a laissé »",
    "lim.with_negated": "avec « n'a pas laissé »",
    "lim.hard": "Ce que coûte la sélection dure : pas de gradient ordinaire",
    "lim.hard_text": (
        "Déplacez un score $e_k$ de notre exemple, les autres restant ceux de l'état courant $s$, et comparez la "
        "lecture douce à la sélection dure (tout le poids sur le score le plus élevé). La perte est la sonde de notre "
        "exemple, $L = g^\\top c$ avec $g = ({g1}, {g2})$ (la valeur par défaut de l'écran Apprentissage)."
    ),
    "lim.position": "Score déplacé : la position $k$",
    "lim.shift": "Variation ajoutée à $e_k$",
    "lim.loss_title": "L = gᵀc",
    "lim.slope_title": "dL/deₖ",
    "lim.ek": "score eₖ",
    "lim.soft": "lecture douce",
    "lim.hard_read": "sélection dure",
    "lim.read": "lecture",
    "lim.now": "maintenant",
    "lim.loss_caption": (
        "$L$ quand $e_k$ bouge : la lecture douce change continûment ; la sélection dure ne bouge pas jusqu'à ce que "
        "$e_k$ franchisse le plus grand des autres scores, puis saute (la partie raide de la ligne tiretée ne fait "
        "que relier deux points voisins)."
    ),
    "lim.slope_caption": (
        "$\\partial L/\\partial e_k$ sur le même intervalle : la dérivée analytique de la lecture douce, et la "
        "différence centrée de la sélection dure, nulle partout où elle est définie ; au point de bascule, la "
        "sélection dure n'a pas de dérivée, et le graphique l'omet."
    ),
    "lim.slopes_now": (
        "En $e_k$ = {x} : pour la lecture douce, $\\partial L/\\partial e_k$ = {analytic} (différences finies "
        "centrées : {numeric}, erreur relative {error}) ; pour la sélection dure, par les mêmes différences finies, "
        "{hard} : un petit changement des scores laisse la sélection dure là où elle est."
    ),
    "lim.slopes_switch": (
        "En $e_k$ = {x}, un autre score est à moins d'un pas de différences finies du plus grand : la sélection dure "
        "bascule ici et n'a pas de dérivée (sa différence finie vaut {hard}) ; pour la lecture douce, "
        "$\\partial L/\\partial e_k$ = {analytic} (différences finies : {numeric})."
    ),
    "lim.switch": "Sur cet intervalle, la sélection dure bascule en $e_k$ = {switch}, où L saute de {jump}.",
    "lim.no_switch": (
        "Sur cet intervalle, la sélection dure ne bascule jamais : le plus grand des autres scores vaut {switch}."
    ),
    "lim.rl": (
        "Le gradient qui entraîne la fonction de score de la lecture douce n'a donc rien à transmettre à travers la "
        "sélection dure. L'article dit que la sélection dure n'est pas impossible à entraîner, mais qu'elle demande "
        "un autre traitement : l'apprentissage par renforcement a été utilisé en attention visuelle, où le modèle "
        "récurrent de Mnih et ses collègues (2014) sélectionnait des régions de l'image l'une après l'autre."
    ),
    "lim.one_position": (
        "La sélection dure a besoin d'au moins deux positions source entre lesquelles basculer ; ajoutez-en une sur "
        "l'écran 2."
    ),
    "lim.position_reset": (
        "La position {k} du lien ne fait pas partie des {T} positions source ; la première est affichée à la place."
    ),
    "lim.work": "Ce que coûte l'attention douce globale : chaque position, à chaque pas",
    "lim.not_sparse": (
        "Son agrégation est sélective, son calcul ne l'est pas : à l'état courant $s$ = {s}, la lecture de notre "
        "exemple donne un poids supérieur à zéro à {positive} de ses {T} positions (le plus petit est {smallest}, "
        "pour « {at} »), et elle a calculé le score des {T} pour les obtenir."
    ),
    "lim.T": "Longueur de la source T",
    "lim.Tp": "Longueur de la cible T′",
    "lim.D": "Demi-largeur D de la fenêtre locale",
    "lim.counts": (
        "Pour T = {T} et T′ = {Tp}, l'attention douce globale calcule T × T′ = **{global_}** scores $e_{{tj}}$ pour "
        "une paire de phrases ; une fenêtre de demi-largeur D = {D} en calcule **{local}** ({share} d'entre eux)."
    ),
    "lim.global": "globale (chaque position)",
    "lim.local": "fenêtre locale (2D + 1)",
    "lim.reading": "lecture",
    "lim.scores_title": "scores par paire de phrases",
    "lim.work_caption": (
        "Les scores calculés pour une paire de phrases quand la source s'allonge, à la longueur de cible choisie. Le "
        "graphique ne compte que les scores : ni le travail à l'intérieur de chaque score ($d_a$ unités dans la "
        "fonction de score additive), ni le coût du choix du centre de la fenêtre, et rien sur la qualité de la "
        "traduction."
    ),
    "lim.grid_both": "calculé par les deux",
    "lim.grid_global": "calculé par l'attention globale seule",
    "lim.scored_by": "calculé par",
    "lim.grid_t": "pas de cible t",
    "lim.grid_j": "position source j",
    "lim.grid_caption": (
        "Quels scores $e_{{tj}}$ chaque lecture calcule pour T = {T}, T′ = {Tp}, D = {D} ; la fenêtre est centrée "
        "sur $p_t = t$ (maintenue à T quand la cible est plus longue). La grille ne montre pas la valeur des poids."
    ),
    "lim.luong": (
        "L'article mentionne seulement que Luong et ses collègues (2015) ont exploré une lecture locale aussi bien "
        "que globale. Dans leur publication, l'attention locale calcule les scores d'une fenêtre "
        "$[p_t - D,\\, p_t + D]$ d'au plus 2D + 1 positions source autour d'une position alignée $p_t$, avec D "
        "choisi à la main ; ici $p_t = t$, leur variante monotone."
    ),
}
