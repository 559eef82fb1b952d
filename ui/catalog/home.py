"""Messages of the home page."""

EN: dict[str, str] = {
    "home.lead": (
        "Among everything a translator could consult, which parts of the source sentence should it use "
        "for the word it is about to write? Bahdanau, Cho and Bengio (2014) let the model decide anew at "
        "every step: **compare** its current state with every source position, **normalise** the scores "
        "with Softmax, and **read** a context vector as the weighted sum. This dashboard lets you operate "
        "each of those steps on numbers computed live."
    ),
    "home.route": "The route",
    "home.step1": "An encoder squeezes the sentence into one vector that every decoder step "
    "receives, against a new reading at every step.",
    "home.step2": "The three operations, compare, normalise and read, as three visible "
    "stages, and the context moving inside the triangle of the sources.",
    "home.step3": "The additive (tanh) scorer with its parts editable, and why removing tanh makes the "
    "state's influence vanish.",
    "home.step4": "Move the decoder state across an interval and watch each weight respond; "
    "soft reading moves continuously, hard selection jumps.",
    "home.step5": "The gradient through one read, checked against finite differences, and gradient "
    "descent that learns where to look from the prediction loss alone.",
    "home.step6": "Two small translators trained end to end, one reading with attention, one "
    "with a fixed summary: their translations, alignments emerging without labels, and the summary failing on "
    "long sentences.",
    "home.step7": "The same weights for two sentences that mean different things, hard selection without a "
    "gradient, and global attention scoring every source position at every step.",
    "home.step8": "Which positions each step may use, then the article's closing questions on our example: "
    "scoring keys while reading values, and every position asking its own question.",
    "home.example": "The worked example at a glance",
    "home.example_caption": (
        "Our example's weights $\\alpha_j$ over the three source positions at states A ($s = -1$) and B "
        "($s = +1$), with tanh and with tanh removed (then both read 1/3 each); the states are constructed "
        "numbers, not decoder steps, and a weight is not a word's causal importance."
    ),
    "home.not": "What this is not",
    "home.not_text": (
        "- Not a trained translator's real alignment: the sources and parameters are hand-picked (the article's "
        "printed numbers were lost; ours are a reconstruction that satisfies every property its prose states).\n"
        "- The decoder states are schematic: s is a number you set, not the output of a decoder.\n"
        "- Attention weights are not next-token probabilities, and a large weight is not the whole causal story."
    ),
    "home.group": "state",
    "home.tanh": "tanh",
    "home.tanh_removed": "tanh removed",
    "home.weight": "weight",
}

ZH: dict[str, str] = {
    "home.lead": (
        "翻译模型即将写出下一个词：在它能参考的全部内容中，应该用源句的哪些部分？Bahdanau、Cho 和 Bengio（2014）"
        "让模型在每一步重新决定：把当前状态与每个源位置**比较**，用 Softmax 把分数**归一化**，再按加权和**读取**"
        "一个上下文向量。在这个面板里，你可以在实时算出的数字上亲手操作其中每一步。"
    ),
    "home.route": "路线",
    "home.step1": "编码器把整个句子压缩成一个向量，解码器的每一步收到的都是它；与之对照的是每一步都重新读取源序列。",
    "home.step2": "比较、归一化、读取这三个操作，化作三个看得见的阶段；还有上下文向量在源表示围成的三角形内移动。",
    "home.step3": "加性（tanh）打分函数，各个部分都可以编辑；以及为什么去掉 tanh 后，状态的影响就消失了。",
    "home.step4": "让解码器状态在一个区间内移动，观察每个权重如何响应：软读取连续变化，硬选择则会跳变。",
    "home.step5": "一次读取中的梯度，并用有限差分核对；以及只凭预测损失就学会看向哪里的梯度下降。",
    "home.step6": "两个端到端训练的小型翻译器，一个用注意力读取，一个用固定摘要：它们的译文、没有标注也会浮现的对齐，"
    "以及固定摘要在长句上的失败。",
    "home.step7": "两个意思不同的句子得到相同的权重；没有梯度的硬选择；以及在每一步都给每个源位置打分的全局注意力。",
    "home.step8": "每一步可以使用哪些位置；接着在我们的示例上探讨原文结尾提出的问题：对键打分、读取的却是值，"
    "以及每个位置都提出自己的问题。",
    "home.example": "示例一览",
    "home.example_caption": (
        "我们的示例在状态 A（$s = -1$）和 B（$s = +1$）下三个源位置上的权重 $\\alpha_j$，分别带 tanh 和去掉 tanh"
        "（此时两者在每个位置上都是 1/3）；这两个状态是构造出来的数字，不是解码步，权重也不是一个词的因果重要性。"
    ),
    "home.not": "这不是什么",
    "home.not_text": (
        "- 不是训练好的翻译器的真实对齐：源表示和参数是手工挑选的（原文印出的数字已经丢失；我们的数字是一个重构，"
        "满足原文文字所述的每一条性质）。\n"
        "- 解码器状态是示意性的：s 是你设定的一个数，不是解码器的输出。\n"
        "- 注意力权重不是下一个词元的概率，权重大也不等于因果关系的全部。"
    ),
    "home.group": "状态",
    "home.tanh": "tanh",
    "home.tanh_removed": "去掉 tanh",
    "home.weight": "权重",
}

FR: dict[str, str] = {
    "home.lead": (
        "Parmi tout ce qu'un traducteur pourrait consulter, quelles parties de la phrase source doit-il utiliser pour "
        "le mot qu'il s'apprête à écrire ? Bahdanau, Cho et Bengio (2014) laissent le modèle en décider à nouveau à "
        "chaque étape : il **compare** son état courant à chaque position source, **normalise** les scores avec "
        "Softmax et **lit** un vecteur de contexte, leur somme pondérée. Ce tableau de bord vous fait manipuler "
        "chacune de ces étapes sur des nombres calculés en direct."
    ),
    "home.route": "Le parcours",
    "home.step1": "Un encodeur comprime la phrase en un seul vecteur que reçoit chaque étape du décodeur, face à une "
    "nouvelle lecture à chaque étape.",
    "home.step2": "Les trois opérations, comparer, normaliser et lire, en trois étapes visibles, et le contexte qui se "
    "déplace dans le triangle des sources.",
    "home.step3": "La fonction de score additive (tanh), dont chaque partie se modifie, et pourquoi retirer tanh fait "
    "disparaître l'influence de l'état.",
    "home.step4": "Déplacez l'état du décodeur sur un intervalle et regardez chaque poids réagir : la lecture douce "
    "varie continûment, la sélection dure saute.",
    "home.step5": "Le gradient à travers une lecture, vérifié par différences finies, et une descente de gradient qui "
    "apprend où regarder à partir de la seule perte de prédiction.",
    "home.step6": "Deux petits traducteurs entraînés de bout en bout, l'un lisant avec l'attention, l'autre avec un "
    "résumé fixe : leurs traductions, des alignements qui émergent sans étiquettes, et le résumé qui échoue sur les "
    "phrases longues.",
    "home.step7": "Les mêmes poids pour deux phrases de sens différents, la sélection dure sans gradient, et "
    "l'attention globale qui attribue un score à chaque position source à chaque étape.",
    "home.step8": "Les positions que chaque étape peut utiliser, puis les questions finales de l'article sur notre "
    "exemple : attribuer un score aux clés en lisant les valeurs, et chaque position qui pose sa propre question.",
    "home.example": "L'exemple détaillé en un coup d'œil",
    "home.example_caption": (
        "Les poids $\\alpha_j$ de notre exemple sur les trois positions source aux états A ($s = -1$) et B "
        "($s = +1$), avec tanh et sans tanh (les deux lisent alors 1/3 sur chaque position) ; les états sont des "
        "nombres construits, pas des étapes du décodeur, et un poids n'est pas l'importance causale d'un mot."
    ),
    "home.not": "Ce que ceci n'est pas",
    "home.not_text": (
        "- Pas l'alignement réel d'un traducteur entraîné : les sources et les paramètres sont choisis à la main (les "
        "chiffres imprimés de l'article ont été perdus ; les nôtres sont une reconstruction qui satisfait chaque "
        "propriété qu'énonce son texte).\n"
        "- Les états du décodeur sont schématiques : s est un nombre que vous réglez, pas la sortie d'un décodeur.\n"
        "- Les poids d'attention ne sont pas des probabilités du prochain jeton, et un grand poids ne raconte pas "
        "toute l'histoire causale."
    ),
    "home.group": "état",
    "home.tanh": "tanh",
    "home.tanh_removed": "sans tanh",
    "home.weight": "poids",
}
