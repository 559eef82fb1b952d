"""Messages of screen 3, scoring (article section 5)."""

EN: dict[str, str] = {
    "score.lead": (
        "How do the decoder state and one source representation jointly produce a single number? Bahdanau "
        "attention uses a small feed-forward network, now called additive attention: project both into a "
        "common space of width $d_a$, add, pass through a nonlinearity $f$ (tanh in Bahdanau's), and take the dot "
        "product with $v$."
    ),
    "score.params": "The scorer's parameters, one row a hidden unit k",
    "score.params_help": (
        "Row k holds W's row k (two entries, since hⱼ is 2-D), U's entry (s is a scalar), vₖ and bₖ. "
        "Add rows to widen dₐ (up to 16). The same scorer is used on every screen."
    ),
    "score.f": "Nonlinearity f",
    "score.f_help": "tanh is the article's scorer; identity removes the nonlinearity; ReLU is another choice.",
    "score.f.tanh": "tanh (the article's)",
    "score.f.identity": "none (identity)",
    "score.f.relu": "ReLU",
    "score.short.tanh": "tanh",
    "score.short.identity": "no nonlinearity",
    "score.short.relu": "ReLU",
    "score.removed": "{f} removed",
    "score.expanded": "The score written out with the current numbers",
    "score.parts": "The scorer's parts at the current state",
    "score.parts_caption": (
        "Each cell is unit $k$'s contribution $v_k f(W_k h_j + U_k s + b_k)$ to the score of position $j$; a row's "
        "cells add up to $e_j$ (last column). This is one scorer's arithmetic, not a measure of importance."
    ),
    "score.figure": "States A (s = −1) and B (s = +1), with {f} and with {f} removed",
    "score.figure_none": "States A (s = −1) and B (s = +1), with no nonlinearity",
    "score.figure_caption": (
        "Weights over the source positions in our example at states A and B, with {f} and with {f} removed; "
        "the states are constructed numbers, not executed decoder steps."
    ),
    "score.figure_caption_none": (
        "Weights over the source positions in our example at states A and B with no nonlinearity; the states "
        "are constructed numbers, not executed decoder steps."
    ),
    "score.tab_removed": "Without the nonlinearity",
    "score.tab_shift": "Softmax and a shared shift",
    "score.tab_luong": "Luong's scores",
    "score.why": "Why the state's influence vanishes without the nonlinearity",
    "score.why_text": (
        "Without f, the score splits into a part that depends on the position, a part that depends on the "
        "state, and a constant. The state's part is the same for every position $j$, so Softmax, which ignores "
        "a shared shift, removes it: the weights no longer depend on the current request."
    ),
    "score.term.position": "position",
    "score.term.constant": "constant",
    "score.term.shared": "shared by all $j$",
    "score.why_numbers": (
        "With the current numbers: $W^\\top v$ = ({p1}, {p2}), $v^\\top U$ = {vu}, $v^\\top b$ = {vb}. "
        "The position term $(W^\\top v)^\\top h_j$ is {terms}."
    ),
    "score.why_term": "{token}: {value}",
    "score.why_uniform": ("In our example $W^\\top v = 0$, so even the position term is equal: weights 1/3."),
    "score.shift": "Softmax ignores a shared shift",
    "score.shift_text": "Add the same constant to every score and compare the weights.",
    "score.shift_slider": "Constant added to every score",
    "score.shift_caption": (
        "Scores before and after adding the constant (left) and the weights computed from each (right): the "
        "weights coincide. Only differences between scores matter."
    ),
    "score.shift_result": "Largest change of any weight, at any state the slider can set: **{diff}**",
    "score.luong": "Multiplicative alternatives (Luong et al., 2015)",
    "score.luong_text": (
        "Other scores also let the state shape the match. The dot score $e_j = q^\\top h_j$ needs a state as "
        "wide as $h_j$; our state $s$ is one number, so a 2-D query $q$ stands in for it here. The general score "
        "$e_j = s\\, W_a h_j$ uses the scalar $s$ with a 1 × 2 matrix $W_a$. Replacing the score alone does not "
        "reproduce Luong's whole architecture."
    ),
    "score.q1": "q₁ (dot-score query)",
    "score.q2": "q₂ (dot-score query)",
    "score.wa1": "Wₐ[1,1] (general score)",
    "score.wa2": "Wₐ[1,2] (general score)",
    "score.luong_caption": (
        "Weights from three scorers at the same sources: additive at the current s, dot with the query q, "
        "general with $s$ and $W_a$. Different scorers, different readings; none is the 'true' alignment."
    ),
    "score.kind.additive": "additive",
    "score.kind.dot": "dot",
    "score.kind.general": "general",
    "score.group": "reading",
    "score.unit": "unit",
    "score.field.contribution": "contribution",
    "score.field.weight": "weight",
    "score.field.version": "version",
    "score.field.score": "score",
}

ZH: dict[str, str] = {
    "score.lead": (
        "解码器状态和一个源表示如何共同给出一个数？Bahdanau 注意力用一个小型前馈网络来做这件事，如今称为加性注意力："
        "把两者投影到宽度为 $d_a$ 的同一空间，相加，经过非线性函数 $f$（Bahdanau 用的是 tanh），再与 $v$ 做点积。"
    ),
    "score.params": "打分函数的参数，每行对应一个隐藏单元 k",
    "score.params_help": (
        "第 k 行包含 W 的第 k 行（两个元素，因为 hⱼ 是二维的）、U 的对应元素（s 是标量）、vₖ 和 bₖ。"
        "添加行可以加宽 dₐ（最多 16）。每个页面都使用这同一个打分函数。"
    ),
    "score.f": "非线性函数 f",
    "score.f_help": "原文的打分函数用 tanh；恒等函数即去掉非线性函数；ReLU 是另一种选择。",
    "score.f.tanh": "tanh（原文所用）",
    "score.f.identity": "无（恒等函数）",
    "score.f.relu": "ReLU",
    "score.short.tanh": "tanh",
    "score.short.identity": "无非线性函数",
    "score.short.relu": "ReLU",
    "score.removed": "去掉 {f}",
    "score.expanded": "代入当前数值后展开的分数",
    "score.parts": "当前状态下打分函数的各部分",
    "score.parts_caption": (
        "每个格子是单元 $k$ 对位置 $j$ 的分数的贡献 $v_k f(W_k h_j + U_k s + b_k)$；一行的格子相加得到 $e_j$"
        "（最后一列）。这只是一个打分函数的算术，不是重要性的度量。"
    ),
    "score.figure": "状态 A（s = −1）和 B（s = +1）：使用 {f} 与去掉 {f}",
    "score.figure_none": "状态 A（s = −1）和 B（s = +1），不用非线性函数",
    "score.figure_caption": (
        "我们的示例中，状态 A 和 B 下各源位置的权重，分别使用 {f} 和去掉 {f}；这两个状态是构造出来的数，"
        "并非真正执行的解码步。"
    ),
    "score.figure_caption_none": (
        "我们的示例中，状态 A 和 B 下各源位置的权重，不用非线性函数；这两个状态是构造出来的数，并非真正执行的解码步。"
    ),
    "score.tab_removed": "去掉非线性函数",
    "score.tab_shift": "Softmax 与共同平移",
    "score.tab_luong": "Luong 的分数",
    "score.why": "为什么去掉非线性函数后，状态的影响就消失了",
    "score.why_text": (
        "没有 f 时，分数拆成三部分：随位置变化的一项、随状态变化的一项和一个常数。状态那一项对每个位置 $j$ 都相同，"
        "而 Softmax 不受共同平移的影响，于是把它消去了：权重不再取决于当前的需求。"
    ),
    "score.term.position": "位置",
    "score.term.constant": "常数",
    "score.term.shared": "对所有 $j$ 相同",
    "score.why_numbers": (
        "代入当前数值：$W^\\top v$ = ({p1}, {p2})，$v^\\top U$ = {vu}，$v^\\top b$ = {vb}。"
        "位置项 $(W^\\top v)^\\top h_j$ 为 {terms}。"
    ),
    "score.why_term": "{token}：{value}",
    "score.why_uniform": "在我们的示例中 $W^\\top v = 0$，所以连位置项也处处相等：权重都是 1/3。",
    "score.shift": "Softmax 不受共同平移的影响",
    "score.shift_text": "给每个分数加上同一个常数，再比较权重。",
    "score.shift_slider": "加到每个分数上的常数",
    "score.shift_caption": (
        "加常数前后的分数（左）以及由它们各自算出的权重（右）：两组权重重合。只有分数之间的差才起作用。"
    ),
    "score.shift_result": "在滑块可取的任何状态下，权重的最大变化：**{diff}**",
    "score.luong": "乘性的替代方案（Luong 等，2015）",
    "score.luong_text": (
        "其他分数形式也能让状态影响匹配。点积分数 $e_j = q^\\top h_j$ 需要一个与 $h_j$ 等宽的状态；我们的状态 $s$ "
        "只是一个数，所以这里用一个二维查询 $q$ 代替它。一般式分数 $e_j = s\\, W_a h_j$ 用标量 $s$ 和一个 1 × 2 "
        "矩阵 $W_a$。只替换分数并不能重现 Luong 的整个架构。"
    ),
    "score.q1": "q₁（点积分数的查询）",
    "score.q2": "q₂（点积分数的查询）",
    "score.wa1": "Wₐ[1,1]（一般式分数）",
    "score.wa2": "Wₐ[1,2]（一般式分数）",
    "score.luong_caption": (
        "三种打分函数在同一组源上给出的权重：加性用当前的 s，点积用查询 q，一般式用 $s$ 和 $W_a$。"
        "打分函数不同，读法就不同；没有哪一种是“真正的”对齐。"
    ),
    "score.kind.additive": "加性",
    "score.kind.dot": "点积",
    "score.kind.general": "一般式",
    "score.group": "读法",
    "score.unit": "单元",
    "score.field.contribution": "贡献",
    "score.field.weight": "权重",
    "score.field.version": "版本",
    "score.field.score": "分数",
}

FR: dict[str, str] = {
    "score.lead": (
        "Comment l'état du décodeur et une représentation source produisent-ils ensemble un seul nombre ? L'attention "
        "de Bahdanau utilise un petit réseau à propagation avant, appelé aujourd'hui attention additive : projeter les "
        "deux dans un espace commun de largeur $d_a$, additionner, appliquer une non-linéarité $f$ (tanh chez "
        "Bahdanau), puis faire le produit scalaire avec $v$."
    ),
    "score.params": "Les paramètres de la fonction de score, une ligne par unité cachée k",
    "score.params_help": (
        "La ligne k contient la ligne k de W (deux coefficients, car hⱼ est en 2D), le coefficient de U (s est un "
        "scalaire), vₖ et bₖ. Ajoutez des lignes pour élargir dₐ (jusqu'à 16). La même fonction de score sert sur "
        "chaque écran."
    ),
    "score.f": "Non-linéarité f",
    "score.f_help": (
        "tanh est la non-linéarité de la fonction de score de l'article ; l'identité supprime la non-linéarité ; "
        "ReLU est un autre choix."
    ),
    "score.f.tanh": "tanh (celle de l'article)",
    "score.f.identity": "aucune (identité)",
    "score.f.relu": "ReLU",
    "score.short.tanh": "tanh",
    "score.short.identity": "sans non-linéarité",
    "score.short.relu": "ReLU",
    "score.removed": "sans {f}",
    "score.expanded": "Le score développé avec les valeurs actuelles",
    "score.parts": "Les composantes de la fonction de score à l'état actuel",
    "score.parts_caption": (
        "Chaque case est la contribution $v_k f(W_k h_j + U_k s + b_k)$ de l'unité $k$ au score de la position $j$ ; "
        "les cases d'une ligne ont pour somme $e_j$ (dernière colonne). C'est l'arithmétique d'une fonction de score, "
        "pas une mesure d'importance."
    ),
    "score.figure": "États A (s = −1) et B (s = +1), avec {f} et sans {f}",
    "score.figure_none": "États A (s = −1) et B (s = +1), sans non-linéarité",
    "score.figure_caption": (
        "Les poids sur les positions source de notre exemple aux états A et B, avec {f} et sans {f} ; les états sont "
        "des nombres construits, pas des étapes exécutées du décodeur."
    ),
    "score.figure_caption_none": (
        "Les poids sur les positions source de notre exemple aux états A et B, sans non-linéarité ; les états sont "
        "des nombres construits, pas des étapes exécutées du décodeur."
    ),
    "score.tab_removed": "Sans non-linéarité",
    "score.tab_shift": "Softmax et un décalage commun",
    "score.tab_luong": "Les scores de Luong",
    "score.why": "Pourquoi l'influence de l'état disparaît sans non-linéarité",
    "score.why_text": (
        "Sans f, le score se décompose en une partie qui dépend de la position, une partie qui dépend de l'état, et "
        "une constante. La partie de l'état est la même pour toute position $j$ ; Softmax, insensible à un décalage "
        "commun, l'efface donc : les poids ne dépendent plus de la demande actuelle."
    ),
    "score.term.position": "position",
    "score.term.constant": "constante",
    "score.term.shared": "commune à tous les $j$",
    "score.why_numbers": (
        "Avec les valeurs actuelles : $W^\\top v$ = ({p1}, {p2}), $v^\\top U$ = {vu}, $v^\\top b$ = {vb}. "
        "Le terme de position $(W^\\top v)^\\top h_j$ vaut {terms}."
    ),
    "score.why_term": "{token} : {value}",
    "score.why_uniform": (
        "Dans notre exemple, $W^\\top v = 0$ : même le terme de position est égal pour toutes les positions, d'où "
        "des poids de 1/3."
    ),
    "score.shift": "Softmax ignore un décalage commun",
    "score.shift_text": "Ajoutez la même constante à chaque score et comparez les poids.",
    "score.shift_slider": "Constante ajoutée à chaque score",
    "score.shift_caption": (
        "Les scores avant et après l'ajout de la constante (à gauche) et les poids calculés à partir de chacun "
        "(à droite) : les poids coïncident. Seules les différences entre scores comptent."
    ),
    "score.shift_result": "Plus grande variation d'un poids, à tout état que le curseur peut prendre : **{diff}**",
    "score.luong": "Alternatives multiplicatives (Luong et al., 2015)",
    "score.luong_text": (
        "D'autres scores laissent aussi l'état façonner la correspondance. Le score par produit scalaire "
        "$e_j = q^\\top h_j$ demande un état aussi large que $h_j$ ; notre état $s$ est un seul nombre, donc une "
        "requête $q$ en 2D le remplace ici. Le score général $e_j = s\\, W_a h_j$ utilise le scalaire $s$ avec une "
        "matrice $W_a$ de taille 1 × 2. Remplacer le score seul ne reproduit pas toute l'architecture de Luong."
    ),
    "score.q1": "q₁ (requête du produit scalaire)",
    "score.q2": "q₂ (requête du produit scalaire)",
    "score.wa1": "Wₐ[1,1] (score général)",
    "score.wa2": "Wₐ[1,2] (score général)",
    "score.luong_caption": (
        "Les poids de trois fonctions de score sur les mêmes sources : additive au s actuel, produit scalaire avec "
        "la requête q, générale avec $s$ et $W_a$. Fonctions différentes, lectures différentes ; aucune n'est "
        "l'alignement « vrai »."
    ),
    "score.kind.additive": "additive",
    "score.kind.dot": "produit scalaire",
    "score.kind.general": "générale",
    "score.group": "lecture",
    "score.unit": "unité",
    "score.field.contribution": "contribution",
    "score.field.weight": "poids",
    "score.field.version": "version",
    "score.field.score": "score",
}
