"""Messages of screen 2, the revisitable source (article section 4)."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "rev.lead": (
        "Every source representation $h_j$ stays available: before target token $t$, the decoder state "
        "$s_{{t-1}}$ is compared with each, the scores are normalised, and the source is read as a weighted sum. "
        "Here the state is one number $s$ standing for $s_{{t-1}}$, so the step index is dropped: $e_j$, "
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
    "rev.raw_axis": "raw score as weight",  # the raw-weights chart's y title
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
        "Hard selection puts all weight on the highest-scoring position: "
        "$c = h_{{j^*}}$ with $j^* = \\arg\\max_j e_j$. "
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
    "rev.vocab_numbers": Plural(
        "Here the weights sum to **{wsum}** over {T} position; the context's components sum to **{csum}**.",
        "Here the weights sum to **{wsum}** over {T} positions; the context's components sum to **{csum}**.",
        count="T",
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
    "rev.same_count": Plural(
        "The link gives {n} weight for the {T} positions; a weight past the last position is left out, and a "
        "position without one takes 1.",
        "The link gives {n} weights for the {T} positions; a weight past the last position is left out, and a "
        "position without one takes 1.",
    ),
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
