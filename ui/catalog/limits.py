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
    "lim.select": "What a weight shows: where the reading goes, not what is understood",
    "lim.select_text": (
        "Each source below has a hand-made representation $h_j$ whose coordinates are named features; the goal or "
        "question is a query q that scores every source by a dot product, $e_j = q^\\top h_j$ (Luong et al.'s "
        "plainest score, not the additive tanh scorer of the other screens: here the goal is written straight "
        "into q, with no decoder state to pass through tanh), and the read is the usual "
        "$\\alpha = \\operatorname{{Softmax}}(e)$, $c = \\sum_j \\alpha_j h_j$. These are our example's numbers, not "
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
