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
    "walk.back_to_step": "Back to step {k}",
    "walk.bad_step": "The link asks for step {value}, but the walkthrough has steps 1 to {n}; the home page is shown.",
    "walk.weight": "weight",
    # --- the steps, in order: a title asks what the step shows, its point says it in a sentence or two ------------
    "walk.numbers": "The numbers behind this",
    "walk.code": "The same read in numpy, to copy and run",
    "walk.code_caption": "These lines compute the scores, weights and context shown here from the same numbers.",
    "walk.fixed.title": "What does the decoder get at each step?",
    "walk.fixed.point": (
        "A basic encoder–decoder squeezes the whole source into one summary that every target step receives. "
        "With attention the encoder keeps a state $h_j$ for every source word, and before each target word the "
        "decoder's state $s_{{t-1}}$ reads them anew."
    ),
    "walk.fixed.numbers": (
        "With one fixed summary the decoder receives the same context at all {U} target steps (largest change from "
        "one step to the next: {fixed}), while reading the source anew changes $c_t$ by up to {soft}."
    ),
    "walk.loop.encoder": "encoder",
    "walk.loop.decoder": "decoder",
    "walk.loop.caption": (
        "Where a score's two inputs come from: the encoder reads the source once and keeps a state $h_j$ for "
        "every word; the decoder runs once for every target word, and its state from the step before, "
        "$s_{{t-1}}$, reads the $h_j$; the context $c_t$ it reads goes into its next state. A schematic of the "
        "data flow, not of every layer."
    ),
    "walk.compare.title": "How does the state decide what to read?",
    "walk.compare.point": (
        "The state $s$ is compared with each source $h_j$ to give a score $e_j$. Softmax turns the scores into "
        "positive weights that sum to one, and the context $c$ is the sources' weighted sum."
    ),
    "walk.hull.title": "Where can the context land?",
    "walk.hull.point": (
        "Because the weights are positive and sum to one, the context is a weighted average of the sources: "
        "wherever the state sends it, it stays inside the outline they span."
    ),
    "walk.hull.numbers": (
        "At s = {s} every weight is positive (the smallest is {smallest}) and they sum to {total}, so c = ({c1}, "
        "{c2}) is a weighted average of the sources and lies inside the outline they span."
    ),
    "walk.tanh.title": "What does tanh do for the state?",
    "walk.tanh.none": (
        "Without a nonlinearity the state adds the same number to every score, and Softmax ignores a shift shared "
        "by all scores: states A and B read with the same weights ({weights})."
    ),
    "walk.tanh.same": (
        "With {f}, states A and B read with the same weights ({weights}): the state no longer changes the reading."
    ),
    "walk.tanh.differ": (
        "With {f} the state and each source meet inside the nonlinearity, so every score responds to the state in "
        "its own way: states A and B read differently, their weights differing by up to {gap}."
    ),
    "walk.tanh.caption": (
        "Weights over the source positions for our example's states A and B with the nonlinearity chosen; the "
        "states are constructed numbers, not executed decoder steps."
    ),
    "walk.states.title": "What changes when only the state changes?",
    "walk.states.point": (
        "The sources and the scorer stay fixed and only the state moves, yet the weights change: another state "
        "reads the same content differently."
    ),
    "walk.states.numbers": (
        "State A (s = -1) puts {w_a} of its weight on {token_a}; at s = {s} the same sources and scorer put {w} on "
        "{token}."
    ),
    "walk.states.caption": (
        "Weights at state A and at the state set above, same sources and scorer; a large weight is not the causal "
        "importance of a word."
    ),
    "walk.sweep.title": "How do the weights follow the state?",
    "walk.sweep.steady": (
        "As the state moves across this interval every weight changes smoothly, and {token} keeps the most weight "
        "throughout."
    ),
    "walk.sweep.passes": (
        "As the state moves across this interval every weight changes smoothly, and the most weight passes from "
        "one source to another."
    ),
    "walk.sweep.near_tie": (
        "As the state moves across this interval every weight changes smoothly; in places two weights are so close "
        "that no source clearly gets the most."
    ),
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
    "walk.hard.title": "Read softly, or pick one source?",
    "walk.hard.jumps": (
        "A soft read blends the sources, so its context slides as the state moves. Hard selection reads only the "
        "top-scoring source, so its context jumps: here by {jump} where the top score passes from {a} to {b}."
    ),
    "walk.hard.still": (
        "A soft read blends the sources, so its context slides as the state moves. Hard selection reads only the "
        "top-scoring source, so its context stands still until the top score changes hands, and then jumps."
    ),
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
    "walk.gradient.title": "How does the loss reach the scores?",
    "walk.gradient.point": (
        "The loss $L = g^\\top c$ stands in for the rest of the model, which sends the gradient $g$ back to the "
        "context. Each score receives $\\partial L / \\partial e_j = \\alpha_j\\, g^\\top (h_j - c)$, and "
        "these always sum to zero: raising every score by the same amount changes nothing."
    ),
    "walk.gradient.check": (
        "All {n} analytic derivatives of L = gᵀc agree with central finite differences (largest relative error "
        "{worst}), and the gradients with respect to the scores sum to {total}."
    ),
    "walk.gradient.failed": (
        "{bad} of {n} analytic derivatives of L = gᵀc differ from central finite differences by more than "
        "{tolerance} (largest relative error {worst}); the gradients with respect to the scores sum to {total}."
    ),
    "walk.step.title": "Can the scorer learn where to look?",
    "walk.step.point": (
        "Gradient steps on the prediction loss change the scorer, and with it where the state reads: after "
        "{steps} steps towards {token} the weight on “{position}” has gone from {w0} to {w_many}, though nothing "
        "said where to look."
    ),
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
    "walk.align.title": "Where does the trained translator look?",
    "walk.align.point": (
        "After {step} training steps the largest weight of {hits} of the {n} target words that come from a source "
        "word falls on that word (before training, on {start} of them), though training never said which word it is."
    ),
    "walk.align.point_all": (
        "After {step} training steps each of the {n} target words that come from a source word puts its largest "
        "weight on that word (before training, {start} of the {n} did), though training never said which word it is."
    ),
    "walk.align.unknown": (
        "This sentence is outside the toy grammar, so there is no true correspondence to compare the weights of "
        "training step {step} with."
    ),
    "walk.long.title": "Long sentences: one summary, or attention?",
    "walk.long.point": (
        "On the {total} test sentences of {low} to {high} words, longer than any in training, Bahdanau's attention "
        "model translates {attention} exactly and the fixed summary {summary}: a bottleneck for this model at this "
        "training budget, not a proof that no fixed-width summary could do better."
    ),
    "walk.long.verdict": "{model}: {verdict}",
    "walk.long.differs": ":red[:material/cancel: differs from the reference]",
    # --- the recap at the end of the last step ------------------------------------------------------------
    "walk.recap.heading": "What you can now write down",
    "walk.recap.lead": (
        "Before target word $t$, the decoder's state from the step before, $s_{{t-1}}$, reads the encoder's states "
        "$h_1, \\dots, h_T$ in three operations:"
    ),
    "walk.recap.tanh": (
        "**Why tanh matters.** Without it the state adds the same number $v^\\top U s_{{t-1}}$ to every score, and "
        "Softmax ignores a shift shared by all scores: the weights would not depend on the state at all. Inside "
        "the nonlinearity the state meets each source, so each score responds to the state in its own way."
    ),
    "walk.recap.not": (
        "**What the weights are not.** They are weights over source positions, not probabilities of the next word; "
        "a large weight is not a word's causal importance (identical sources give the same context whatever the "
        "weights); and in our example a constructed state $s$ is not an executed decoder step."
    ),
    "walk.recap.further": "On to the screens, one at a time:",
    "walk.finish": "Finish",
    "walk.finish_help": "Back to the home page, with the route through the screens.",
    # --- presenter mode -----------------------------------------------------------------------------
    "present.toggle": "Presenter mode",
    "present.toggle_help": (
        "For a projector: larger type in prose and charts, the sidebar collapsed, chart captions folded away. "
        "The link keeps it as present=1."
    ),
    "present.caption": "What this chart shows and does not show: {chart}",
}
