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
        "Add rows to widen dₐ (up to 16). These parameters are shared by every screen; the nonlinearity chosen "
        "below applies on this screen only (the others use tanh, as Bahdanau et al. do)."
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
    "score.shift_scores_caption": (
        "Scores before and after adding the constant: every score moves by the same amount, so their differences "
        "stay as they were."
    ),
    "score.shift_caption": (
        "The weights computed from the scores before and after adding the constant: they coincide. Only differences "
        "between scores matter."
    ),
    "score.shift_result": "Largest change of any weight, at any state the slider can set: **{diff}**",
    "score.luong": "Multiplicative alternatives (Luong et al., 2015)",
    "score.luong_text": (
        "Other scores also let the state shape the match. The dot score $e_j = q^\\top h_j$ needs a state as "
        "wide as $h_j$; our state $s$ is one number, so a 2-D query $q$ stands in for it here. The general score "
        "$e_j = s\\, W_a h_j$ uses the scalar $s$ with a 1 × 2 matrix $W_a$. Replacing the score alone does not "
        "reproduce Luong's whole architecture: their decoder reads in another order, first updating its state to "
        "$s_t$, then scoring every $h_j$ against $s_t$ (Bahdanau's reads with $s_{{t-1}}$, before the update) and "
        "combining $c_t$ with $s_t$ in one more layer before predicting $y_t$."
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
    "score.parts_axis": "unit k, and their sum eⱼ",  # the parts chart's columns: one a unit, then the score
    "score.field.contribution": "contribution",
    "score.field.weight": "weight",
    "score.field.version": "version",
    "score.field.score": "score",
}
