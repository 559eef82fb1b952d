"""Messages of screen 2, the revisitable source (article section 4)."""

EN: dict[str, str] = {
    "rev.lead": (
        "Keep every source representation $h_j$ available. Before generating a target token, the decoder "
        "state $s_{t-1}$ is compared with each of them, the scores are normalised, and the source is read "
        "through a weighted combination. Move the state and watch all three stages respond."
    ),
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
    "rev.plane": "The context inside the triangle of the sources",
    "rev.plane_caption": (
        "Each dot is a source representation $h_j$ (hand-picked 2-D numbers, not trained embeddings); the "
        "dashed outline is their convex hull. The cross is $c$, a convex combination of the $h_j$, so it can "
        "never leave the outline. Where c sits does not say which word is causally important."
    ),
    "rev.edit": "Edit the sources (token, h_j1, h_j2; add or delete rows)",
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
        "A counterexample to reading weights as importance: if every source vector is the same, any weights "
        "give the same context. Below, every $h_j$ is replaced by the first one; the weights still change "
        "with s, the context does not."
    ),
    "rev.same_caption": "Weights with identical sources (they depend on s; the context does not).",
    "rev.same_contexts": "Context at s = {s}: ({c1}, {c2}); at state A: ({a1}, {a2}); at state B: ({b1}, {b2}).",
    "rev.read_caption": (
        "The context is the weighted sum of the source vectors, computed from the unrounded weights. It has "
        "the width of $h_j$; it is not a probability distribution."
    ),
}
