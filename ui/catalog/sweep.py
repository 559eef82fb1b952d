"""Messages of screen 4, the state sweep (article section 6)."""

EN: dict[str, str] = {
    "sweep.lead": (
        "Hold the sources and the scorer fixed and move only the decoder state s. Each point below evaluates "
        "the same attention function anew: the reading changes because the state changes, not because "
        "anything was retrained."
    ),
    "sweep.interval": "Interval of s",
    "sweep.points": "Points in the sweep",
    "sweep.curves": "Each source weight as s moves",
    "sweep.curves_caption": (
        "Solid: the weights $\\alpha_j(s)$ with the scorer as set; dashed: the same scorer with tanh removed (flat, "
        "since then s only shifts every score equally); the solid vertical rule marks the current s. The "
        "horizontal axis is a constructed reading state, not training time or executed decoder steps; the curves "
        "are not measured linguistic alignments."
    ),
    "sweep.with_tanh": "scorer as set",
    "sweep.tanh_removed": "tanh removed",
    "sweep.path": "The path of the context inside the triangle",
    "sweep.path_caption": (
        "The line is $c(s)$ for every $s$ in the interval; crosses mark the states A and B and the current s. "
        "Being a convex combination, the path never leaves the outline of the sources."
    ),
    "sweep.jump": "Soft reading moves, hard selection jumps",
    "sweep.jump_caption": (
        "Coordinate {k} of the context over s: the soft read (solid) moves continuously; hard selection "
        "(dashed) keeps one source until another's score overtakes it, then jumps."
    ),
    "sweep.switches": (
        "The most-weighted position changes at s = {points}, where the two curves cross (found by bisection "
        "between grid points)."
    ),
    "sweep.tie": (
        "For s from {low} to {high} the largest weights stay within {tol} of each other ({tokens}); we count "
        "weights that close as tied, so this is a tie, not a switch."
    ),
    "sweep.tie_at": (
        "At s = {low} the largest weights lie within {tol} of each other ({tokens}); we count weights that close "
        "as tied, so this is a tie, not a switch."
    ),
    "sweep.no_switch": "In this interval the most-weighted position never changes ({token} throughout).",
    "sweep.soft": "soft",
    "sweep.hard": "hard",
    "sweep.bad_interval": "Interval of s",
    "sweep.bad_link_interval": "expected two numbers low,high with {lo} ≤ low < high ≤ {hi}, got '{value}'",
    "sweep.low_not_below_high": "low must be below high",
    "sweep.s": "s",
    "sweep.field.weight": "weight",
    "sweep.field.read": "read",
}

ZH: dict[str, str] = {
    "sweep.lead": (
        "固定源表示和打分函数，只移动解码器状态 s。下面每个点都重新计算同一个注意力函数："
        "读法之所以变化，是因为状态变了，而不是因为重新训练了什么。"
    ),
    "sweep.interval": "s 的区间",
    "sweep.points": "扫动的点数",
    "sweep.curves": "s 移动时每个源位置的权重",
    "sweep.curves_caption": (
        "实线：按当前设置的打分函数算出的权重 $\\alpha_j(s)$；虚线：同一个打分函数去掉 tanh 后的权重（是平的，"
        "因为这时 s 只让每个分数平移同样的量）；竖直实线标出当前的 s。横轴是构造出来的读取状态，不是训练时间，"
        "也不是真正执行的解码步；这些曲线也不是测得的语言学对齐。"
    ),
    "sweep.with_tanh": "当前设置的打分函数",
    "sweep.tanh_removed": "去掉 tanh",
    "sweep.path": "上下文向量在三角形内的路径",
    "sweep.path_caption": (
        "这条线是区间内每个 $s$ 对应的 $c(s)$；叉号标出状态 A、B 和当前的 s。"
        "由于是凸组合，路径从不离开源表示围成的轮廓。"
    ),
    "sweep.jump": "软读取连续移动，硬选择跳变",
    "sweep.jump_caption": (
        "上下文向量第 {k} 维随 s 的变化：软读取（实线）连续移动；硬选择（虚线）一直停在一个源上，"
        "直到另一个源的分数超过它，然后跳过去。"
    ),
    "sweep.switches": "权重最大的位置在 s = {points} 处改变，即两条曲线相交之处（在网格点之间用二分法求得）。",
    "sweep.tie": (
        "s 从 {low} 到 {high} 时，最大的几个权重彼此相差不超过 {tol}（{tokens}）；我们把这么接近的权重算作并列，"
        "所以这是并列，不是切换。"
    ),
    "sweep.tie_at": (
        "在 s = {low} 处，最大的几个权重彼此相差不超过 {tol}（{tokens}）；我们把这么接近的权重算作并列，"
        "所以这是并列，不是切换。"
    ),
    "sweep.no_switch": "在这个区间内，权重最大的位置始终不变（一直是 {token}）。",
    "sweep.soft": "软读取",
    "sweep.hard": "硬选择",
    "sweep.bad_interval": "s 的区间",
    "sweep.bad_link_interval": "应为两个数 a,b，且 {lo} ≤ a < b ≤ {hi}，实际为“{value}”",
    "sweep.low_not_below_high": "区间的下端必须小于上端",
    "sweep.s": "s",
    "sweep.field.weight": "权重",
    "sweep.field.read": "读取方式",
}

FR: dict[str, str] = {
    "sweep.lead": (
        "Gardez les sources et la fonction de score fixes, et ne faites varier que l'état du décodeur s. Chaque point "
        "ci-dessous recalcule la même fonction d'attention : la lecture change parce que l'état change, pas "
        "parce que quoi que ce soit a été réentraîné."
    ),
    "sweep.interval": "Intervalle de s",
    "sweep.points": "Points du balayage",
    "sweep.curves": "Le poids de chaque source quand s varie",
    "sweep.curves_caption": (
        "Trait plein : les poids $\\alpha_j(s)$ avec la fonction de score telle que réglée ; tirets : la même fonction "
        "sans tanh (plate, car s ne fait alors que décaler tous les scores d'autant) ; le trait vertical plein marque "
        "le s actuel. L'axe horizontal est un état de lecture construit, pas un temps d'entraînement ni des étapes "
        "exécutées du décodeur ; les courbes ne sont pas des alignements linguistiques mesurés."
    ),
    "sweep.with_tanh": "réglage actuel",
    "sweep.tanh_removed": "sans tanh",
    "sweep.path": "Le chemin du vecteur de contexte dans le triangle",
    "sweep.path_caption": (
        "La ligne est $c(s)$ pour chaque $s$ de l'intervalle ; les croix marquent les états A et B et le s actuel. "
        "Combinaison convexe, le chemin ne sort jamais du contour des sources."
    ),
    "sweep.jump": "La lecture douce glisse, la sélection dure saute",
    "sweep.jump_caption": (
        "Coordonnée {k} du vecteur de contexte en fonction de s : la lecture douce (trait plein) varie continûment ; "
        "la sélection dure (tirets) garde une source jusqu'à ce que le score d'une autre la dépasse, puis saute."
    ),
    "sweep.switches": (
        "La position de plus grand poids change en s = {points}, là où les deux courbes se croisent (points trouvés "
        "par dichotomie entre les points de la grille)."
    ),
    "sweep.tie": (
        "Pour s de {low} à {high}, les plus grands poids restent à {tol} près les uns des autres ({tokens}) ; nous "
        "comptons des poids aussi proches comme à égalité : c'est donc une égalité, pas un changement."
    ),
    "sweep.tie_at": (
        "En s = {low}, les plus grands poids sont à {tol} près les uns des autres ({tokens}) ; nous comptons des "
        "poids aussi proches comme à égalité : c'est donc une égalité, pas un changement."
    ),
    "sweep.no_switch": "Sur cet intervalle, la position de plus grand poids ne change jamais ({token} partout).",
    "sweep.soft": "lecture douce",
    "sweep.hard": "sélection dure",
    "sweep.bad_interval": "Intervalle de s",
    "sweep.bad_link_interval": "attendu : deux nombres a,b avec {lo} ≤ a < b ≤ {hi}, reçu « {value} »",
    "sweep.low_not_below_high": "la borne inférieure doit être plus petite que la borne supérieure",
    "sweep.s": "s",
    "sweep.field.weight": "poids",
    "sweep.field.read": "lecture",
}
