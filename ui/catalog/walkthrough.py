"""Messages of the guided walkthrough on the home page (prefix ``walk.``) and of presenter mode (``present.``).

A step's point is one sentence whose numbers are computed from what the step draws.
"""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
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
        "From s = {low} to {high} the most-weighted position stays {token}, ahead of every other by at least {tol} "
        "throughout, and across the {points} states swept no weight changes by more than {step} from one state "
        "to the next."
    ),
    "walk.sweep.point_moves": Plural(
        "From s = {low} to {high} the lead (a weight ahead of every other by at least {tol}) is {first} at the "
        "start and {last} at the end, and it changes hands or rests on a near-tie in {n} place between; across "
        "the {points} states swept no weight changes by more than {step} from one state to the next.",
        "From s = {low} to {high} the lead (a weight ahead of every other by at least {tol}) is {first} at the "
        "start and {last} at the end, and it changes hands or rests on a near-tie in {n} places between; across "
        "the {points} states swept no weight changes by more than {step} from one state to the next.",
    ),
    "walk.sweep.no_lead": "held by no position (a near-tie)",
    "walk.sweep.taken": "{token} takes the lead at s = {at}, the first state swept where one weight is ahead.",
    "walk.sweep.kept": "{token} keeps the lead up to s = {at}, the last state swept where one weight is ahead.",
    "walk.sweep.caption": (
        "Each weight $\\alpha_j(s)$ over a constructed reading state s, not training time or executed decoder "
        "steps; not a measured linguistic alignment."
    ),
    "walk.hard.title": "Soft reading against hard selection",
    "walk.hard.point": (
        "Hard selection jumps from {a} to {b} at s = {at}, its $c_1$ leaping by {jump}, "
        "while the soft read's $c_1$ never moves more than {soft} from one swept state to the next."
    ),
    "walk.hard.more": Plural(
        "It jumps {n} more time, at s = {at} (from {a} to {b}).",
        "It jumps {n} more times, the next at s = {at} (from {a} to {b}).",
    ),
    "walk.hard.tie": (
        "From s = {low} to {high} no position's weight is ahead of every other by {tol}, so there hard "
        "selection's choice rests on a near-tie; the soft read's $c_1$ moves by at most {soft} from one swept "
        "state to the next."
    ),
    "walk.hard.tie_at": (
        "At s = {at} no position's weight is ahead of every other by {tol}, so there hard selection's choice rests "
        "on a near-tie; the soft read's $c_1$ moves by at most {soft} from one swept state to the next."
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
    "walk.step.title": "Gradient steps move the weights",
    "walk.step.lower": (
        "One gradient step at learning rate {lr} towards {token} lowers the loss from {before} to {after} and moves "
        "the weight on {position} from {w0} to {w1}; after {steps} such steps the loss is {after_many} and that "
        "weight {w_many}, though nothing said where to look."
    ),
    "walk.step.higher": (
        "At learning rate {lr} one gradient step towards {token} raises the loss from {before} to {after} (the step "
        "overshoots) and moves the weight on {position} from {w0} to {w1}; after {steps} such steps the loss is "
        "{after_many} and that weight {w_many}."
    ),
    "walk.step.before": "before",
    "walk.step.after": "after one step",
    "walk.step.after_many": "after {steps} steps",
    "walk.step.when": "when",
    "walk.step.caption": (
        "Reading weights at the current state with the scorer before any step, after one gradient step and after "
        "{steps} on the prediction loss of our toy output layer, all at the same learning rate; a weight is not a "
        "causal importance."
    ),
    "walk.align.title": "Alignment emerges without labels",
    "walk.align.point": (
        "After {step} training steps the largest weight of {hits} of the {n} target words that come from a source "
        "word falls on that word ({start} at initialisation), though training never said which word it is."
    ),
    "walk.align.point_all": (
        "After {step} training steps each of the {n} target words that come from a source word puts its largest "
        "weight on that word ({start} did at initialisation), though training never said which word it is."
    ),
    "walk.align.unknown": (
        "This sentence is outside the toy grammar, so there is no true correspondence to compare the weights of "
        "training step {step} with."
    ),
    "walk.long.title": "A fixed summary falls behind on long sentences",
    "walk.long.point": (
        "On the {total} test sentences of {low} to {high} words, longer than any in training, Bahdanau's attention "
        "model translates {attention} exactly and the fixed summary {summary}: a bottleneck for this model at this "
        "training budget, not a proof that no fixed-width summary could do better."
    ),
    "walk.long.verdict": "{model}: {verdict}",
    "walk.long.differs": ":red[:material/cancel: differs from the reference]",
    # --- presenter mode -----------------------------------------------------------------------------
    "present.toggle": "Presenter mode",
    "present.toggle_help": (
        "For a projector: larger type in prose and charts, the sidebar collapsed, chart captions folded away. "
        "The link keeps it as present=1."
    ),
    "present.caption": "What this chart shows and does not show: {chart}",
}
