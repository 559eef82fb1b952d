"""Messages of screen 2, the revisitable source (article section 4)."""

EN: dict[str, str] = {
    "rev.lead": (
        "Every source representation $h_j$ stays available: before target token $t$, the decoder state "
        "$s_{t-1}$ is compared with each, the scores are normalised, and the source is read as a weighted sum. "
        "Here the state is one number $s$ standing for $s_{t-1}$, so the step index is dropped: $e_j$, "
        "$\\alpha_j$, $c$. Move it and watch the three stages respond."
    ),
    "rev.eq_compare": "compare",
    "rev.eq_normalise": "normalise",
    "rev.eq_read": "read",
    "rev.compare": "① Compare: scores $e_j$",
    "rev.normalise": "② Normalise: weights $\\alpha_j$",
    "rev.read": "③ Read: context $c$",
    "rev.sum": "Sum of the weights: **{total}**",
    "rev.scores_caption": (
        "One score per source position, from the additive scorer at the current s. A score is a real number "
        "with no unit; it is not yet a probability and only differences between scores matter."
    ),
    "rev.weights_caption": (
        "Softmax turns the scores into positive weights that sum to one. They are weights over source "
        "positions, not a distribution over the words the decoder may write next."
    ),
    "rev.position": "position",
    "rev.plane": "The context inside the triangle of the sources",
    "rev.plane_caption": (
        "Each dot is a source representation $h_j$ (hand-picked 2-D numbers, not trained embeddings); the "
        "dashed outline is their convex hull. The cross is $c$, a convex combination of the $h_j$, so it can "
        "never leave the outline. Where c sits does not say which word is causally important."
    ),
    "rev.coordinate": "coordinate {i}",
    "rev.point": "label",
    "rev.edit": "Edit the sources (token, hⱼ,₁, hⱼ,₂; add or delete rows)",
    "rev.edit_help": "Up to 12 positions. The same sources are used on every screen.",
    "rev.panels": "Other ways to read, and what the weights are not",
    "rev.tab_raw": "Raw scores as weights",
    "rev.tab_hard": "Hard selection",
    "rev.tab_vocab": "Not word probabilities",
    "rev.tab_same": "Identical sources",
    "rev.raw_text": (
        "Skip the normalisation and weight each $h_j$ by its raw score: $c = \\sum_j e_j h_j$. The weights can be "
        "negative and their total is arbitrary, so the read can leave the triangle and its scale follows "
        "the scores'."
    ),
    "rev.raw_total": "Total of the raw weights: **{total}**; raw read c = ({c1}, {c2}).",
    "rev.soft": "soft",
    "rev.raw": "raw",
    "rev.raw_caption": "Raw scores used directly as weights: no sign or sum constraint.",
    "rev.plane_raw_caption": (
        "The Softmax read (cross labelled soft) stays inside the hull; the raw-score read (labelled raw) need "
        "not. Axes follow the data, so a far raw point shrinks the triangle."
    ),
    "rev.hard_text": (
        "Hard selection puts all weight on the highest-scoring position: $c = h_{j^*}$ with $j^* = \\arg\\max_j e_j$. "
        "Away from a switching boundary a small change of s changes nothing; at a boundary the read jumps "
        "from one source to another, and an ordinary gradient cannot pass through the choice."
    ),
    "rev.hard_caption": "Hard weights: one position gets 1, the others 0.",
    "rev.hard_read": "Hard read: c = h of **{token}** = ({c1}, {c2}); soft read: ({s1}, {s2}).",
    "rev.vocab_text": (
        "The sum runs over source positions, not over the output vocabulary: the weights say how to combine "
        "source information, and the decoder must afterwards form a separate distribution over target tokens. "
        "The context is a vector of the same width as $h_j$; its components may be negative and need not sum to one."
    ),
    "rev.vocab_numbers": (
        "Here the weights sum to **{wsum}** over {T} positions; the context's components sum to **{csum}**."
    ),
    "rev.same_text": (
        "A counterexample to reading weights as importance: if every source is the same vector, any weights "
        "that sum to one give the same context. Here every $h_j$ is replaced by $h_1$ = ({h1}, {h2}) and read "
        "with weights from elsewhere: move the state slider at the top, or set the weights yourself."
    ),
    "rev.same_from": "Weights to apply",
    "rev.same_from.sources": "from the real sources at the current s",
    "rev.same_from.hand": "set by hand",
    "rev.same_slider": "weight of {token}",
    "rev.same_zero": "Every weight is 0: raise at least one slider (the weights are divided by their total).",
    "rev.same_caption": "The weights applied to both sets of sources, normalised to sum to one.",
    "rev.same_point.real": "real sources",
    "rev.same_point.same": "identical sources",
    "rev.same_plane_caption": (
        "The same weights read the real sources (the cross labelled real sources moves as the weights move) and "
        "the identical sources (the cross labelled identical sources stays on $h_1$ whatever the weights)."
    ),
    "rev.same_contexts": (
        "Weights ({weights}): real sources read ({r1}, {r2}), identical sources ({c1}, {c2}). State A's "
        "and state B's weights read the identical sources at ({a1}, {a2}) and ({b1}, {b2})."
    ),
    "rev.read_caption": (
        "The context is the weighted sum of the source vectors, computed from the unrounded weights. It has "
        "the width of $h_j$; it is not a probability distribution."
    ),
}

ZH: dict[str, str] = {
    "rev.lead": (
        "每个源表示 $h_j$ 都一直可用：在生成第 $t$ 个目标词元之前，解码器状态 $s_{t-1}$ 与每个源表示比较，分数经过"
        "归一化，再以加权和的方式读取源序列。这里的状态是一个数 $s$，代表 $s_{t-1}$，因此省去了步的下标：$e_j$、"
        "$\\alpha_j$、$c$。拖动它，看三个阶段如何响应。"
    ),
    "rev.eq_compare": "比较",
    "rev.eq_normalise": "归一化",
    "rev.eq_read": "读取",
    "rev.compare": "① 比较：分数 $e_j$",
    "rev.normalise": "② 归一化：权重 $\\alpha_j$",
    "rev.read": "③ 读取：上下文向量 $c$",
    "rev.sum": "权重之和：**{total}**",
    "rev.scores_caption": (
        "每个源位置一个分数，由加性打分函数在当前的 s 下算出。分数是没有单位的实数；它还不是概率，"
        "只有分数之间的差才起作用。"
    ),
    "rev.weights_caption": (
        "Softmax 把分数变成和为 1 的正权重。它们是源位置上的权重，而不是解码器接下来可能写出的词的分布。"
    ),
    "rev.position": "位置",
    "rev.plane": "源向量三角形中的上下文向量",
    "rev.plane_caption": (
        "每个圆点是一个源表示 $h_j$（手工挑选的二维数值，不是训练出的嵌入）；虚线轮廓是它们的凸包。十字是 $c$，"
        "它是各 $h_j$ 的凸组合，所以永远不会离开这个轮廓。c 落在哪里，并不说明哪个词在因果上重要。"
    ),
    "rev.coordinate": "第 {i} 维",
    "rev.point": "标签",
    "rev.edit": "编辑源向量（词元、hⱼ,₁、hⱼ,₂；可添加或删除行）",
    "rev.edit_help": "最多 12 个位置。每个页面都使用同一组源向量。",
    "rev.panels": "其他读取方式，以及权重不是什么",
    "rev.tab_raw": "直接用分数当权重",
    "rev.tab_hard": "硬选择",
    "rev.tab_vocab": "不是词的概率",
    "rev.tab_same": "相同的源向量",
    "rev.raw_text": (
        "跳过归一化，直接用原始分数给每个 $h_j$ 加权：$c = \\sum_j e_j h_j$。这样的权重可以为负，总和也没有约束，"
        "所以读出的结果可能离开三角形，它的尺度随分数的尺度而变。"
    ),
    "rev.raw_total": "原始权重的总和：**{total}**；原始读取 c = ({c1}, {c2})。",
    "rev.soft": "软",
    "rev.raw": "原始",
    "rev.raw_caption": "原始分数直接当作权重：没有符号或总和的约束。",
    "rev.plane_raw_caption": (
        "Softmax 读取（标为“软”的十字）留在凸包内；原始分数读取（标为“原始”）则不一定。坐标轴随数据缩放，"
        "所以原始读取的点离得远时，三角形会缩小。"
    ),
    "rev.hard_text": (
        "硬选择把全部权重放在分数最高的位置上：$c = h_{j^*}$，其中 $j^* = \\arg\\max_j e_j$。远离切换边界时，"
        "s 的微小变化不会改变任何东西；在边界上，读取结果从一个源向量跳到另一个，普通的梯度无法穿过这个选择。"
    ),
    "rev.hard_caption": "硬权重：一个位置得 1，其余为 0。",
    "rev.hard_read": "硬读取：c = **{token}** 的 h = ({c1}, {c2})；软读取：({s1}, {s2})。",
    "rev.vocab_text": (
        "求和是对源位置进行的，而不是对输出词表：权重说明如何组合源信息，解码器之后还必须另外形成一个目标词元上的分布。"
        "上下文向量与 $h_j$ 宽度相同；它的分量可以为负，和也不必为 1。"
    ),
    "rev.vocab_numbers": "这里 {T} 个位置上的权重之和为 **{wsum}**；上下文向量各分量之和为 **{csum}**。",
    "rev.same_text": (
        "一个反例，说明权重不能当作重要性来读：如果每个源向量都相同，任何和为 1 的权重都给出同一个上下文向量。这里每个 "
        "$h_j$ 都换成 $h_1$ = ({h1}, {h2})，再用别处得来的权重读取：拖动顶部的状态滑块，或者自己设定权重。"
    ),
    "rev.same_from": "使用的权重",
    "rev.same_from.sources": "来自当前 s 下的真实源向量",
    "rev.same_from.hand": "手动设定",
    "rev.same_slider": "{token} 的权重",
    "rev.same_zero": "所有权重都是 0：请至少调高一个滑块（权重要除以它们的总和）。",
    "rev.same_caption": "作用于两组源向量的权重，已归一化为和为 1。",
    "rev.same_point.real": "真实源向量",
    "rev.same_point.same": "相同源向量",
    "rev.same_plane_caption": (
        "同一组权重分别读取真实源向量（标为“真实源向量”的十字随权重移动）和相同源向量（标为“相同源向量”的十字"
        "无论权重如何都停在 $h_1$ 上）。"
    ),
    "rev.same_contexts": (
        "权重（{weights}）：读取真实源向量得到 ({r1}, {r2})，读取相同源向量得到 ({c1}, {c2})。用状态 A 和状态 B "
        "的权重读取相同源向量，分别得到 ({a1}, {a2}) 和 ({b1}, {b2})。"
    ),
    "rev.read_caption": "上下文向量是各源向量的加权和，用未经舍入的权重算出。它的宽度与 $h_j$ 相同；它不是概率分布。",
}

FR: dict[str, str] = {
    "rev.lead": (
        "Chaque représentation source $h_j$ reste disponible : avant le jeton cible $t$, l'état du décodeur "
        "$s_{t-1}$ est comparé à chacune, les scores sont normalisés, et la source est lue comme une somme pondérée. "
        "Ici l'état est un seul nombre $s$ qui tient lieu de $s_{t-1}$ ; l'indice d'étape disparaît donc : $e_j$, "
        "$\\alpha_j$, $c$. Déplacez-le et regardez les trois étapes réagir."
    ),
    "rev.eq_compare": "comparer",
    "rev.eq_normalise": "normaliser",
    "rev.eq_read": "lire",
    "rev.compare": "① Comparer : les scores $e_j$",
    "rev.normalise": "② Normaliser : les poids $\\alpha_j$",
    "rev.read": "③ Lire : le contexte $c$",
    "rev.sum": "Somme des poids : **{total}**",
    "rev.scores_caption": (
        "Un score par position source, donné par la fonction de score additive à l'état s actuel. Un score est un "
        "nombre réel sans unité ; ce n'est pas encore une probabilité, et seules les différences entre scores comptent."
    ),
    "rev.weights_caption": (
        "Softmax transforme les scores en poids positifs de somme un. Ce sont des poids sur les positions source, pas "
        "une distribution sur les mots que le décodeur pourrait écrire ensuite."
    ),
    "rev.position": "position",
    "rev.plane": "Le contexte à l'intérieur du triangle des sources",
    "rev.plane_caption": (
        "Chaque point est une représentation source $h_j$ (des nombres 2-D choisis à la main, pas des plongements "
        "entraînés) ; le contour en tirets est leur enveloppe convexe. La croix est $c$, une combinaison convexe des "
        "$h_j$ : elle ne peut jamais sortir du contour. La place de c ne dit pas quel mot est causalement important."
    ),
    "rev.coordinate": "coordonnée {i}",
    "rev.point": "étiquette",
    "rev.edit": "Modifier les sources (mot, hⱼ,₁, hⱼ,₂ ; ajouter ou supprimer des lignes)",
    "rev.edit_help": "Jusqu'à 12 positions. Les mêmes sources servent sur chaque écran.",
    "rev.panels": "D'autres façons de lire, et ce que les poids ne sont pas",
    "rev.tab_raw": "Les scores bruts comme poids",
    "rev.tab_hard": "Sélection dure",
    "rev.tab_vocab": "Pas des probabilités de mots",
    "rev.tab_same": "Sources identiques",
    "rev.raw_text": (
        "Sautez la normalisation et pondérez chaque $h_j$ par son score brut : $c = \\sum_j e_j h_j$. Les poids "
        "peuvent être négatifs et leur total est quelconque : la lecture peut sortir du triangle, et son échelle suit "
        "celle des scores."
    ),
    "rev.raw_total": "Total des poids bruts : **{total}** ; lecture brute c = ({c1}, {c2}).",
    "rev.soft": "douce",
    "rev.raw": "brute",
    "rev.raw_caption": "Les scores bruts pris tels quels comme poids : aucune contrainte de signe ni de somme.",
    "rev.plane_raw_caption": (
        "La lecture par Softmax (croix marquée «\u00a0douce\u00a0») reste dans l'enveloppe ; la lecture par scores "
        "bruts (marquée «\u00a0brute\u00a0») pas forcément. Les axes suivent les données : un point brut lointain "
        "rétrécit le triangle."
    ),
    "rev.hard_text": (
        "La sélection dure met tout le poids sur la position de plus haut score : $c = h_{j^*}$ avec "
        "$j^* = \\arg\\max_j e_j$. Loin d'une frontière de bascule, un petit changement de s ne change rien ; sur une "
        "frontière, la lecture saute d'une source à une autre, et un gradient ordinaire ne peut pas traverser ce choix."
    ),
    "rev.hard_caption": "Poids durs : une position reçoit 1, les autres 0.",
    "rev.hard_read": "Lecture dure : c = h de **{token}** = ({c1}, {c2}) ; lecture douce : ({s1}, {s2}).",
    "rev.vocab_text": (
        "La somme porte sur les positions source, pas sur le vocabulaire de sortie : les poids disent comment combiner "
        "l'information de la source, et le décodeur doit ensuite former une distribution distincte sur les jetons "
        "cibles. Le contexte est un vecteur de même largeur que $h_j$ ; ses composantes peuvent être négatives et leur "
        "somme n'a pas à valoir un."
    ),
    "rev.vocab_numbers": (
        "Ici, les poids ont pour somme **{wsum}** sur {T} positions ; les composantes du contexte ont pour somme "
        "**{csum}**."
    ),
    "rev.same_text": (
        "Un contre-exemple à la lecture des poids comme importance : si toutes les sources sont le même vecteur, "
        "n'importe quels poids de somme un donnent le même contexte. Ici chaque $h_j$ est remplacé par $h_1$ = "
        "({h1}, {h2}) et lu avec des poids venus d'ailleurs : déplacez le curseur d'état en haut, ou réglez les poids "
        "vous-même."
    ),
    "rev.same_from": "Poids à appliquer",
    "rev.same_from.sources": "ceux des vraies sources à l'état s actuel",
    "rev.same_from.hand": "réglés à la main",
    "rev.same_slider": "poids de {token}",
    "rev.same_zero": "Tous les poids valent 0 : montez au moins un curseur (les poids sont divisés par leur total).",
    "rev.same_caption": "Les poids appliqués aux deux jeux de sources, normalisés pour que leur somme vaille un.",
    "rev.same_point.real": "réelles",
    "rev.same_point.same": "identiques",
    "rev.same_plane_caption": (
        "Les mêmes poids lisent les vraies sources (la croix marquée «\u00a0réelles\u00a0» bouge avec les poids) "
        "et les sources identiques (la croix marquée «\u00a0identiques\u00a0» reste sur $h_1$, quels que soient "
        "les poids)."
    ),
    "rev.same_contexts": (
        "Poids ({weights}) : les vraies sources donnent ({r1}, {r2}), les sources identiques ({c1}, {c2}). Les poids "
        "de l'état A et de l'état B lisent les sources identiques en ({a1}, {a2}) et ({b1}, {b2})."
    ),
    "rev.read_caption": (
        "Le contexte est la somme pondérée des vecteurs source, calculée avec les poids non arrondis. Il a la largeur "
        "de $h_j$ ; ce n'est pas une distribution de probabilité."
    ),
}
