"""Messages of the guided walkthrough on the home page (prefix ``walk.``) and of presenter mode (``present.``).

A step's point is one sentence whose numbers are computed from what the step draws.
"""

EN: dict[str, str] = {
    "walk.start_heading": "Walk through the argument",
    "walk.start": "Start the walkthrough",
    "walk.links": (
        "Each step has its own link: this page's address with ?step=K (K = 1 to {n}); add &present=1 for a projector."
    ),
    "walk.heading": "Step {k} of {n} · {title}",
    "walk.back": "Back",
    "walk.next": "Next",
    "walk.leave": "Leave",
    "walk.open": "Open this on its screen",
    "walk.bad_step": "The link asks for step {value}, but the walkthrough has steps 1 to {n}; the home page is shown.",
    "walk.weight": "weight",
    # --- the steps, in order ------------------------------------------------------------------------
    "walk.fixed.title": "One fixed summary for every step",
    "walk.fixed.point": (
        "With one fixed summary the decoder receives the same context at all {U} target steps (largest change from "
        "one step to the next: {fixed}), while reading the source anew changes $c_t$ by up to {soft}."
    ),
    "walk.compare.title": "Compare, normalise, read",
    "walk.compare.point": (
        "At s = {s} the scores ({scores}) become the weights ({weights}), all positive and summing to {total}, and "
        "the read is c = ({c1}, {c2})."
    ),
    "walk.hull.title": "The context stays among the sources",
    "walk.hull.point": (
        "At s = {s} every weight is positive (the smallest is {smallest}) and they sum to {total}, so c = ({c1}, "
        "{c2}) is a weighted average of the sources and lies inside the outline they span."
    ),
    "walk.tanh.title": "Remove tanh and the state's influence vanishes",
    "walk.tanh.same": (
        "With {f}, states A and B read with the same weights ({weights}): the state no longer changes the reading."
    ),
    "walk.tanh.differ": "With {f}, states A and B read differently: their weights differ by up to {gap}.",
    "walk.tanh.caption": (
        "Weights over the source positions for the article's states A and B with the nonlinearity chosen; the "
        "states are constructed numbers, not executed decoder steps."
    ),
    "walk.states.title": "State A against state B",
    "walk.states.point": (
        "State A (s = -1) puts {w_a} of its weight on {token_a}; at s = {s} the same sources and scorer put {w} on "
        "{token}."
    ),
    "walk.states.caption": (
        "Weights at state A and at the state set above, same sources and scorer; a large weight is not the causal "
        "importance of a word."
    ),
    "walk.sweep.title": "Sweep the state",
    "walk.sweep.point": (
        "From s = {low} to {high} the most-weighted position goes from {first} to {last}, and across the {points} "
        "states swept no weight changes by more than {step} from one state to the next."
    ),
    "walk.sweep.caption": (
        "Each weight $\\alpha_j(s)$ over a constructed reading state s, not training time or executed decoder "
        "steps; not a measured linguistic alignment."
    ),
    "walk.sweep.bad_order": "the low end must be below the high end",
    "walk.hard.title": "Soft reading against hard selection",
    "walk.hard.point": (
        "Hard selection jumps from {a} to {b} at s = {at}, its $c_1$ leaping by {jump}, "
        "while the soft read's $c_1$ never moves more than {soft} from one swept state to the next."
    ),
    "walk.hard.tie": (
        "In this interval no position leads by more than {tol} of weight, so hard selection's choice rests on "
        "near-ties, while the soft read's $c_1$ moves by at most {soft} from one swept state to the next."
    ),
    "walk.hard.none": (
        "In this interval the most-weighted position stays {token}, so hard selection's $c_1$ does not move, "
        "while the soft read's moves by up to {soft} from one swept state to the next."
    ),
    "walk.hard.read": "read",
    "walk.gradient.title": "The gradient through one read",
    "walk.gradient.point": (
        "All {n} analytic derivatives of L = gᵀc agree with central finite differences (largest relative error "
        "{worst}), and the gradients with respect to the scores sum to {total}."
    ),
    "walk.gradient.failed": (
        "{bad} of {n} analytic derivatives of L = gᵀc differ from central finite differences by more than "
        "{tolerance} (largest relative error {worst}); the gradients with respect to the scores sum to {total}."
    ),
    "walk.step.title": "One gradient step moves the weights",
    "walk.step.lower": (
        "One gradient step at learning rate {lr} towards {token} lowers the loss from {before} to {after} and moves "
        "the weight on {position} from {w0} to {w1}, though nothing said where to look."
    ),
    "walk.step.higher": (
        "At learning rate {lr} one gradient step towards {token} raises the loss from {before} to {after} (the step "
        "overshoots) and moves the weight on {position} from {w0} to {w1}."
    ),
    "walk.step.before": "before",
    "walk.step.after": "after",
    "walk.step.when": "when",
    "walk.step.caption": (
        "Reading weights at the current state with the scorer before and after one gradient step on the "
        "prediction loss of our toy output layer; a weight is not a causal importance."
    ),
    "walk.align.title": "Alignment emerges without labels",
    "walk.align.point": (
        "After {step} training steps the largest weight of {hits} of the {n} target words that come from a source "
        "word falls on that word ({start} at initialisation), though training never said which word it is."
    ),
    "walk.align.unknown": (
        "This sentence is outside the toy grammar, so there is no true correspondence to compare the weights of "
        "training step {step} with."
    ),
    "walk.long.title": "A fixed summary fails on long sentences",
    "walk.long.point": (
        "On the {total} test sentences of {low} to {high} words, longer than any in training, the attention model "
        "translates {attention} exactly and the fixed summary {summary}."
    ),
    "walk.long.verdict": "{model}: {verdict}",
    "walk.long.differs": ":red[:material/cancel: differs from the reference]",
    # --- presenter mode -----------------------------------------------------------------------------
    "present.toggle": "Presenter mode",
    "present.toggle_help": (
        "For a projector: larger type in prose and charts, the sidebar collapsed, chart captions folded away. "
        "The link keeps it as present=1."
    ),
    "present.caption": "What this chart shows and does not show",
}

ZH: dict[str, str] = {
    "walk.start_heading": "一步步走完整个论证",
    "walk.start": "开始导览",
    "walk.links": "每一步都有自己的链接：本页地址加上 ?step=K（K = 1 到 {n}）；用投影仪时再加上 &present=1。",
    "walk.heading": "第 {k} 步（共 {n} 步）· {title}",
    "walk.back": "上一步",
    "walk.next": "下一步",
    "walk.leave": "退出",
    "walk.open": "在它所在的页面上打开",
    "walk.bad_step": "链接要的是第 {value} 步，但导览只有第 1 到第 {n} 步；现在显示的是首页。",
    "walk.weight": "权重",
    # --- the steps, in order ------------------------------------------------------------------------
    "walk.fixed.title": "每一步都用同一个固定摘要",
    "walk.fixed.point": (
        "使用固定摘要时，解码器在全部 {U} 个目标步收到的上下文都相同（相邻两步之间的最大变化：{fixed}）；"
        "而每一步重新读取源序列时，$c_t$ 的变化可达 {soft}。"
    ),
    "walk.compare.title": "比较、归一化、读取",
    "walk.compare.point": (
        "在 s = {s} 时，分数（{scores}）变成权重（{weights}），全部为正，总和为 {total}；"
        "读取的结果是 c = ({c1}, {c2})。"
    ),
    "walk.hull.title": "上下文向量始终位于源表示之间",
    "walk.hull.point": (
        "在 s = {s} 时，每个权重都为正（最小的是 {smallest}），总和为 {total}，"
        "所以 c = ({c1}, {c2}) 是源表示的加权平均，落在它们围成的轮廓之内。"
    ),
    "walk.tanh.title": "去掉 tanh，状态的影响就消失了",
    "walk.tanh.same": "选“{f}”时，状态 A 和 B 的读取权重相同（{weights}）：状态不再改变读取结果。",
    "walk.tanh.differ": "选“{f}”时，状态 A 和 B 的读取不同：它们的权重最多相差 {gap}。",
    "walk.tanh.caption": (
        "原文中的状态 A 和 B 在所选非线性函数下各源位置上的权重；这两个状态是构造出来的数字，不是真正执行的解码步。"
    ),
    "walk.states.title": "状态 A 与状态 B 对比",
    "walk.states.point": (
        "状态 A（s = -1）给 {token_a} 的权重为 {w_a}；在 s = {s} 时，同样的源表示和打分函数给 {token} 的权重为 {w}。"
    ),
    "walk.states.caption": ("状态 A 与上面所设状态下的权重，源表示和打分函数相同；权重大不等于这个词在因果上重要。"),
    "walk.sweep.title": "扫动状态",
    "walk.sweep.point": (
        "从 s = {low} 到 {high}，权重最大的位置从 {first} 变为 {last}；在扫过的 {points} 个状态中，"
        "相邻两个状态之间任何权重的变化都不超过 {step}。"
    ),
    "walk.sweep.caption": (
        "每个权重 $\\alpha_j(s)$ 随构造出来的读取状态 s 的变化，横轴不是训练时间，也不是真正执行的解码步；"
        "这也不是测得的语言学对齐。"
    ),
    "walk.sweep.bad_order": "下端必须小于上端",
    "walk.hard.title": "软读取与硬选择",
    "walk.hard.point": (
        "硬选择在 s = {at} 处从 {a} 跳到 {b}，它的 $c_1$ 一下子变化 {jump}；"
        "而软读取的 $c_1$ 在相邻两个扫过的状态之间的变化从不超过 {soft}。"
    ),
    "walk.hard.tie": (
        "在这个区间里，没有哪个位置的权重领先超过 {tol}，所以硬选择的结果取决于几乎打平的比较；"
        "而软读取的 $c_1$ 在相邻两个扫过的状态之间最多变化 {soft}。"
    ),
    "walk.hard.none": (
        "在这个区间里，权重最大的位置始终是 {token}，所以硬选择的 $c_1$ 不动；"
        "而软读取的在相邻两个扫过的状态之间最多变化 {soft}。"
    ),
    "walk.hard.read": "读取方式",
    "walk.gradient.title": "一次读取中的梯度",
    "walk.gradient.point": (
        "L = gᵀc 的全部 {n} 个解析导数都与中心有限差分一致（最大相对误差 {worst}），对各分数的梯度之和为 {total}。"
    ),
    "walk.gradient.failed": (
        "L = gᵀc 的 {n} 个解析导数中有 {bad} 个与中心有限差分相差超过 {tolerance}（最大相对误差 {worst}）；"
        "对各分数的梯度之和为 {total}。"
    ),
    "walk.step.title": "一步梯度更新就改变了权重",
    "walk.step.lower": (
        "以 {token} 为目标、学习率为 {lr} 的一步梯度更新把损失从 {before} 降到 {after}，"
        "并把 {position} 上的权重从 {w0} 变为 {w1}，尽管没有任何信息指明该看向哪里。"
    ),
    "walk.step.higher": (
        "学习率为 {lr} 时，以 {token} 为目标的一步梯度更新把损失从 {before} 升到 {after}（这一步迈过了头），"
        "并把 {position} 上的权重从 {w0} 变为 {w1}。"
    ),
    "walk.step.before": "更新前",
    "walk.step.after": "更新后",
    "walk.step.when": "阶段",
    "walk.step.caption": (
        "当前状态下，打分函数在对我们的玩具输出层的预测损失做一步梯度更新之前和之后的读取权重；权重不是因果重要性。"
    ),
    "walk.align.title": "没有标注，对齐也会浮现",
    "walk.align.point": (
        "训练 {step} 步后，在 {n} 个来自某个源词的目标词中，有 {hits} 个的最大权重落在那个源词上"
        "（初始化时为 {start} 个），尽管训练从未告诉它是哪个词。"
    ),
    "walk.align.unknown": "这个句子不在玩具语法之内，所以没有真实的对应关系可以与第 {step} 个训练步的权重比较。",
    "walk.long.title": "固定摘要在长句上失败",
    "walk.long.point": (
        "在 {total} 个长度为 {low} 到 {high} 个词、比训练中任何句子都长的测试句上，"
        "注意力模型完全正确地翻译了其中的 {attention}，固定摘要模型则是 {summary}。"
    ),
    "walk.long.verdict": "{model}：{verdict}",
    "walk.long.differs": ":red[:material/cancel: 与参考译文不同]",
    # --- presenter mode -----------------------------------------------------------------------------
    "present.toggle": "演示模式",
    "present.toggle_help": "用于投影仪：正文和图中的字更大，侧边栏收起，图的说明折叠起来。链接以 present=1 记住它。",
    "present.caption": "这张图展示了什么、没有展示什么",
}

FR: dict[str, str] = {
    "walk.start_heading": "Suivre le raisonnement pas à pas",
    "walk.start": "Commencer la visite guidée",
    "walk.links": (
        "Chaque étape a son propre lien : l'adresse de cette page suivie de ?step=K (K = 1 à {n}) ; ajoutez "
        "&present=1 pour un vidéoprojecteur."
    ),
    "walk.heading": "Étape {k} sur {n} · {title}",
    "walk.back": "Précédent",
    "walk.next": "Suivant",
    "walk.leave": "Quitter",
    "walk.open": "Ouvrir sur son écran",
    "walk.bad_step": (
        "Le lien demande l'étape {value}, mais la visite guidée va de l'étape 1 à l'étape {n} ; la page d'accueil est "
        "affichée."
    ),
    "walk.weight": "poids",
    # --- the steps, in order ------------------------------------------------------------------------
    "walk.fixed.title": "Un seul résumé fixe pour toutes les étapes",
    "walk.fixed.point": (
        "Avec un résumé fixe, le décodeur reçoit le même contexte aux {U} étapes cibles (plus grand changement d'une "
        "étape à la suivante : {fixed}), tandis que relire la source à chaque étape fait varier $c_t$ jusqu'à {soft}."
    ),
    "walk.compare.title": "Comparer, normaliser, lire",
    "walk.compare.point": (
        "À s = {s}, les scores ({scores}) deviennent les poids ({weights}), tous positifs et de somme {total}, et la "
        "lecture donne c = ({c1}, {c2})."
    ),
    "walk.hull.title": "Le contexte reste parmi les sources",
    "walk.hull.point": (
        "À s = {s}, chaque poids est positif (le plus petit vaut {smallest}) et leur somme vaut {total} : c = ({c1}, "
        "{c2}) est donc une moyenne pondérée des sources et se trouve dans le contour qu'elles délimitent."
    ),
    "walk.tanh.title": "Sans tanh, l'influence de l'état disparaît",
    "walk.tanh.same": (
        "Avec le choix « {f} », les états A et B lisent avec les mêmes poids ({weights}) : l'état ne change plus la "
        "lecture."
    ),
    "walk.tanh.differ": (
        "Avec le choix « {f} », les états A et B lisent différemment : leurs poids diffèrent jusqu'à {gap}."
    ),
    "walk.tanh.caption": (
        "Poids sur les positions source pour les états A et B de l'article, avec la non-linéarité choisie ; les états "
        "sont des nombres construits, pas des étapes exécutées du décodeur."
    ),
    "walk.states.title": "L'état A face à l'état B",
    "walk.states.point": (
        "L'état A (s = -1) met un poids de {w_a} sur {token_a} ; à s = {s}, les mêmes sources et la même fonction de "
        "score mettent {w} sur {token}."
    ),
    "walk.states.caption": (
        "Poids à l'état A et à l'état réglé ci-dessus, mêmes sources et même fonction de score ; un grand poids n'est "
        "pas l'importance causale d'un mot."
    ),
    "walk.sweep.title": "Balayer l'état",
    "walk.sweep.point": (
        "De s = {low} à {high}, la position de plus grand poids passe de {first} à {last}, et sur les {points} états "
        "balayés aucun poids ne change de plus de {step} d'un état au suivant."
    ),
    "walk.sweep.caption": (
        "Chaque poids $\\alpha_j(s)$ en fonction d'un état de lecture construit s, ni le temps d'entraînement ni des "
        "étapes exécutées du décodeur ; pas un alignement linguistique mesuré."
    ),
    "walk.sweep.bad_order": "la borne inférieure doit être plus petite que la borne supérieure",
    "walk.hard.title": "Lecture douce contre sélection dure",
    "walk.hard.point": (
        "La sélection dure saute de {a} à {b} en s = {at}, son $c_1$ bondissant de {jump}, tandis que le $c_1$ de la "
        "lecture douce ne bouge jamais de plus de {soft} d'un état balayé au suivant."
    ),
    "walk.hard.tie": (
        "Sur cet intervalle, aucune position ne mène de plus de {tol} de poids : le choix de la sélection dure repose "
        "sur des quasi-égalités, tandis que le $c_1$ de la lecture douce varie d'au plus {soft} d'un état balayé au "
        "suivant."
    ),
    "walk.hard.none": (
        "Sur cet intervalle, la position de plus grand poids reste {token} : le $c_1$ de la sélection dure ne bouge "
        "pas, tandis que celui de la lecture douce varie jusqu'à {soft} d'un état balayé au suivant."
    ),
    "walk.hard.read": "lecture",
    "walk.gradient.title": "Le gradient à travers une lecture",
    "walk.gradient.point": (
        "Les {n} dérivées analytiques de L = gᵀc concordent toutes avec les différences finies centrées (plus grande "
        "erreur relative {worst}), et les gradients par rapport aux scores ont pour somme {total}."
    ),
    "walk.gradient.failed": (
        "{bad} des {n} dérivées analytiques de L = gᵀc s'écartent des différences finies centrées de plus de "
        "{tolerance} (plus grande erreur relative {worst}) ; les gradients par rapport aux scores ont pour somme "
        "{total}."
    ),
    "walk.step.title": "Un pas de gradient déplace les poids",
    "walk.step.lower": (
        "Un pas de gradient de taux d'apprentissage {lr} vers {token} fait baisser la perte de {before} à {after} et "
        "déplace le poids sur {position} de {w0} à {w1}, alors que rien n'indiquait où regarder."
    ),
    "walk.step.higher": (
        "Avec un taux d'apprentissage de {lr}, un pas de gradient vers {token} fait monter la perte de {before} à "
        "{after} (le pas va trop loin) et déplace le poids sur {position} de {w0} à {w1}."
    ),
    "walk.step.before": "avant",
    "walk.step.after": "après",
    "walk.step.when": "moment",
    "walk.step.caption": (
        "Poids de lecture à l'état courant, avec la fonction de score avant et après un pas de gradient sur la perte "
        "de prédiction de notre couche de sortie miniature ; un poids n'est pas une importance causale."
    ),
    "walk.align.title": "L'alignement émerge sans étiquettes",
    "walk.align.point": (
        "Après {step} pas d'entraînement, pour {hits} des {n} mots cibles issus d'un mot source, le plus grand poids "
        "tombe sur ce mot ({start} à l'initialisation), alors que l'entraînement n'a jamais dit de quel mot il s'agit."
    ),
    "walk.align.unknown": (
        "Cette phrase sort de la grammaire miniature : il n'y a donc pas de vraie correspondance à laquelle comparer "
        "les poids du pas d'entraînement {step}."
    ),
    "walk.long.title": "Un résumé fixe échoue sur les phrases longues",
    "walk.long.point": (
        "Sur les {total} phrases de test de {low} à {high} mots, plus longues que toutes celles de l'entraînement, le "
        "modèle à attention en traduit exactement {attention}, et le résumé fixe {summary}."
    ),
    "walk.long.verdict": "{model} : {verdict}",
    "walk.long.differs": ":red[:material/cancel: diffère de la référence]",
    # --- presenter mode -----------------------------------------------------------------------------
    "present.toggle": "Mode présentation",
    "present.toggle_help": "Pour un vidéoprojecteur : texte plus grand dans la prose et les graphiques, barre latérale "
    "repliée, légendes des graphiques masquées. Le lien le garde sous la forme present=1.",
    "present.caption": "Ce que ce graphique montre et ne montre pas",
}
