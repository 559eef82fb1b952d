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
        "Solid: the weights $\\alpha_j(s)$ with the scorer's parameters as set and tanh, Bahdanau et al.'s "
        "nonlinearity (the choice on screen 3 applies there only); dashed: the same scorer with tanh removed (flat, "
        "since then s only shifts every score equally); the solid vertical rule marks the current s. The "
        "horizontal axis is a constructed reading state, not training time or executed decoder steps; the curves "
        "are not measured linguistic alignments."
    ),
    "sweep.with_tanh": "with tanh",
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
    "sweep.switches_fold": "Where the most-weighted position changes, found exactly",
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
