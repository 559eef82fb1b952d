"""Messages of screen 5, learning where to look (article section 7)."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "learn.tab_check": "Gradient check",
    "learn.tab_train": "Training",
    "learn.tab_derivation": "Derivation",
    "learn.tab_sequence": "Sequence loss",
    "learn.lead": (
        "A trained model finds the scorer's parameters $\\varphi = (W, U, v, b)$ from its prediction loss alone, "
        "with no label saying which source position a target word comes from: train the scorer and watch it learn "
        "where to look, follow the loss's gradient back through one read, and check that gradient entry by entry."
    ),
    # --- derivation ---------------------------------------------------------------------------------
    "learn.derivation_header": "The gradient through one read",
    "learn.derivation_lead": (
        "Hold the sources $h_j$ fixed and let $g = \\partial L/\\partial c_t$ be the gradient that reaches the "
        "context from the rest of the model; Softmax and the weighted sum give the read's sensitivity to one score "
        "($\\delta_{{kj}} = 1$ if $k = j$, else 0):"
    ),
    "learn.derivation_chain": "By the chain rule, the gradient with respect to one score:",
    "learn.derivation_sum": (
        "The scores' gradients sum to zero, since raising every score equally changes nothing; "
        "$\\partial L/\\partial e_{{tj}}$ is negative (raising $e_{{tj}}$ lowers $L$) when moving $c_t$ towards $h_j$ "
        "goes against $g$."
    ),
    "learn.derivation_onward": (
        "Onward into the shared parameters and the state, through $e_{{tj}} = v^\\top \\tanh(a_{{tj}})$ with "
        "$a_{{tj}} = W h_j + U s_{{t-1}} + b$:"
    ),
    "learn.derivation_no_tanh": (
        "With tanh removed every gradient that carries the state sums to zero, so $\\partial L/\\partial U$, "
        "$\\partial L/\\partial b$ and $\\partial L/\\partial s_{{t-1}}$ are exactly 0: such a scorer could not learn "
        "to depend on the state."
    ),
    "learn.derivation_scope": (
        "One read with the sources held fixed: full training continues into the encoder that produced the $h_j$ "
        "and mixes many target steps and examples."
    ),
    # --- gradient check -----------------------------------------------------------------------------
    "learn.check_header": "Checking every entry against finite differences",
    "learn.check_lead": (
        "For the probe loss $L = g^\\top c_t$ (so $\\partial L/\\partial c_t = g$, set below), the table compares "
        "each analytic entry at the chosen state with a central finite difference of $L$, refined by Richardson "
        "extrapolation."
    ),
    "learn.g1": "g₁ = ∂L/∂c₁",
    "learn.g2": "g₂ = ∂L/∂c₂",
    "learn.g_help": "The upstream gradient that the rest of the model sends into the context vector. "
    "Our example uses g = (1, -0.5).",
    "learn.field_g1": "Upstream gradient g₁",
    "learn.field_g2": "Upstream gradient g₂",
    "learn.bad_empty": "it is empty",
    "learn.bad_number": "expected a finite number, got {value}",
    "learn.bad_range": "expected a number from {lo} to {hi}, got {value}",
    "learn.bad_positive": "expected a number greater than {lo} and at most {hi}, got {value}",
    "learn.bad_whole": "expected a whole number from {lo} to {hi}, got {value}",
    "learn.probe_value": "At $s = {s}$: $c = ({c1}, {c2})$ and $L = g^\\top c$ = **{L}**.",
    "learn.col_entry": "entry",
    "learn.col_analytic": "analytic",
    "learn.col_numeric": "finite difference",
    "learn.col_rel": "relative error",
    "learn.col_pass": "≤ 1e-6",
    "learn.col_entry_help": "∂L/∂eⱼ for each source position j, every entry of W, U, v and b (row, column), then s.",
    "learn.col_rel_help": (
        "|analytic − numeric| / max(|analytic|, |numeric|, 1e-3·max(1, |L|)). The floor judges entries near "
        "zero against the loss's own scale."
    ),
    "learn.largest_mark": "◀",
    "learn.largest_help": "The entry with the largest relative error.",
    "learn.col_pass_help": "Does this entry's relative error stay within 1e-6?",
    "learn.check_passed": (
        "All {n} entries agree within 1e-6: the largest relative error is **{worst}** (at {entry}, marked ◀)."
    ),
    "learn.check_failed": (
        "{bad} of {n} entries exceed 1e-6; the largest relative error is **{worst}** (at {entry}, marked ◀): "
        "with very large values finite differences lose their precision to rounding."
    ),
    "learn.sum_scores": "$\\sum_j \\partial L/\\partial e_{{tj}}$ = **{total}** (in floating point {exact}).",
    "learn.de_title": "∂L/∂eⱼ",
    "learn.de_caption": (
        "$\\partial L/\\partial e_j$ of the probe at the current $s$: a negative bar means raising that score "
        "would lower $L$; it does not say which word matters to a translation."
    ),
    "learn.state_moves_read": (
        "Moving the state moves the read by $dc/ds = ({dc1}, {dc2})$ per unit of $s$, so "
        "$\\partial L/\\partial s = g^\\top dc/ds$ = **{ds}** (the table's last row)."
    ),
    "learn.no_tanh_state": (
        "With tanh removed, every entry of $\\partial L/\\partial U$, $\\partial L/\\partial b$ and "
        "$\\partial L/\\partial s$ computed at this state is at most {worst} in size: the rounding of an exact 0."
    ),
    # --- training -----------------------------------------------------------------------------------
    "learn.train_header": "Training the scorer from the prediction loss alone",
    "learn.train_lead": (
        "A fixed toy output layer tied to the sources (logit $h_k^\\top c_t$ for target token $k$) predicts a "
        "target token; each step sends $g = \\partial L/\\partial c_t$ of the cross-entropy loss back through the "
        "read and moves only $\\varphi$, while the sources, the state $s$ and the output layer stay fixed."
    ),
    "learn.tied_labels": (
        "The source tokens are not {example}, so the target tokens are named after the source "
        "positions they are tied to."
    ),
    "learn.translation_of": "translation of {token}",
    "learn.target": "Correct target token $y_t$",
    "learn.target_reset": (
        "The link's target token {k} is not among the {T} target tokens; the last one is used instead."
    ),
    "learn.target_help": "The only supervision: which target token is correct. No source position is named.",
    "learn.states": "Train at",
    "learn.states_s": "the state s above",
    "learn.states_AB": "states A and B together",
    "learn.states_help": (
        "At one state, the scorer only has to make that state read the position tied to its target token. At A "
        "(s = −1) and B (s = +1) together, the loss adds one term a state, each with its own correct token, so "
        "when the two tokens differ the one set of parameters φ is pulled towards a different reading at each "
        "state."
    ),
    "learn.target_at": "Correct target token at {state} (s = {s})",
    "learn.states_formula": (
        "Each state reads its own context $c_n$ with the same $\\varphi$ and sends its own $g_n$ back through its "
        "own read; the scorer's gradient is the sum of the two, "
        "$\\partial L/\\partial\\varphi = \\partial L_A/\\partial\\varphi + \\partial L_B/\\partial\\varphi$."
    ),
    "learn.lr": "Learning rate η",
    "learn.lr_help": "The size of each gradient step, φ ← φ − η ∂L/∂φ (from 0 to 10, exclusive of 0).",
    "learn.steps": "Steps N",
    "learn.steps_help": "How many steps the Run button takes (1 to 500).",
    "learn.field_lr": "Learning rate η",
    "learn.field_steps": "Steps N",
    "learn.step": "Step",
    "learn.step_help": "One step of gradient descent on φ.",
    "learn.run": "Run N steps",
    "learn.run_help": "N steps of gradient descent on φ, one after another.",
    "learn.reset": "Reset training",
    "learn.reset_help": "Start again from the shared scorer (the one every screen uses).",
    "learn.running": "Step {done} of {total}",
    "learn.limit": "This run has reached {limit} steps, the most one run keeps. Reset training to start again.",
    "learn.restarted": (
        "The training run started again from the shared scorer because {what} changed: a run belongs to its "
        "states, their target tokens and one set of sources."
    ),
    "learn.what.target": "the target token",
    "learn.what.states": "the states trained at",
    "learn.what.s": "the decoder state s",
    "learn.what.sources": "the sources",
    "learn.what.scorer": "the shared scorer",
    "learn.list_sep": ", ",
    "learn.status": "At step **{n}**: loss $L = -\\log p(y_t \\mid c_t)$ = **{loss}** (it was {start} at step "
    "0); p({token} | $c_t$) = **{p}**.",
    "learn.status_states": "At step **{n}**: loss L = **{loss}** (it was {start} at step 0); {ps}.",
    "learn.p_of": "p({token} | $c_{state}$) = **{p}**",
    "learn.goal": "{state} → {token}",
    "learn.weights_title": "weight αⱼ",
    "learn.data_when": "when",
    "learn.data_weight": "weight",
    "learn.data_state": "state",
    "learn.data_loss": "loss",
    "learn.group_start": "start (step 0)",
    "learn.group_now": "now (step {n})",
    "learn.group_start_at": "{state}: start",
    "learn.group_now_at": "{state}: now",
    "learn.weights_caption": (
        "The weights at the chosen state with the starting and the current scorer: nobody named a position, they "
        "moved because reading it lowers this toy's loss (a weight is not a causal importance)."
    ),
    "learn.loss_title": "loss L",
    "learn.loss_x": "step",
    "learn.loss_caption": (
        "The loss $-\\log p(y_t \\mid c_t)$ for {token} by step (0: the starting scorer); it need not reach 0, "
        "since with the output layer fixed even the best read leaves other tokens some probability."
    ),
    "learn.p_title": "p(y | c)",
    "learn.p_caption": (
        "The output layer's distribution over target tokens (each in its tied source position's colour), not the "
        "weights over source positions."
    ),
    "learn.p_at": "at {state}",
    "learn.p_caption_states": (
        "The output layer's distribution over the target vocabulary now, at A and at B, each from its own "
        "context. Each target token has the colour of the source position it is tied to. These are "
        "distributions over target tokens, not the reading weights."
    ),
    "learn.train_caption": (
        "The only supervision was the correct target token: the loss falls because the scorer learns to read the "
        "position that the tied output layer maps to that token."
    ),
    "learn.weights_caption_states": (
        "Reading weights over the source positions at state A and at state B, with the scorer the run started "
        "from and with the scorer now: one scorer φ, two states. Nobody said which position to read at either. "
        "A weight is not a causal importance."
    ),
    "learn.loss_caption_states": (
        "The summed loss $-\\log p(y_A \\mid c_A) - \\log p(y_B \\mid c_B)$ for {targets}, after each number of "
        "steps (step 0: the starting scorer). It need not reach 0: with the output layer fixed, even the best "
        "readings leave some probability on the other tokens. Two hand-set states, sources held fixed: a toy, not "
        "the training curve of a translation model."
    ),
    "learn.train_caption_states": (
        "No alignment label was given anywhere: the only supervision is which target token is correct at each "
        "state. Each term of the loss pulls the one scorer φ towards reading its own target's position at its "
        "own state. The scorer can serve both because s enters the scores inside the tanh: with tanh removed "
        "(screen 3), A and B would always read alike. A toy: two hand-set states, the sources and the output "
        "layer held fixed, gradient descent on φ alone."
    ),
    "learn.reads_now": (
        "With the scorer at step {n}, state A (s = −1) reads **{a}** most (α = {wa}) and state B (s = +1) reads "
        "**{b}** most (α = {wb})."
    ),
    "learn.reads_apart": "One scorer, two different readings: only the state differs.",
    "learn.reads_same": "Both states read the same position most.",
    "learn.reads_one_state": (
        "This run trains at one state only, so nothing asks the scorer to read differently anywhere else; "
        "train at states A and B together to ask for a different token at each."
    ),
    "learn.reads_as_asked": "Each reads the position tied to its own target token, though no position was ever named.",
    "learn.params": "Show the scorer's parameters φ, at the start and now",
    "learn.col_param": "parameter",
    "learn.col_start": "start",
    "learn.col_now": "now",
    "learn.col_change": "change",
    "learn.apply": "Use the trained scorer on every screen",
    "learn.apply_help": "Copy the trained W, U, v, b into the shared scorer (and the link).",
    "learn.apply_note": (
        "Every screen then reads with the trained scorer, and the link carries it. It was trained at one state "
        "only, so at other states it may read quite differently from our example's scorer; the sidebar's "
        "'Reset to our example' restores that one."
    ),
    "learn.apply_note_states": (
        "Every screen then reads with the trained scorer, and the link carries it. It was trained at A and B "
        "only, so at other states it may read quite differently from our example's scorer; the sidebar's "
        "'Reset to our example' restores that one."
    ),
    "learn.applied": Plural(
        "Every screen now uses the scorer trained for {n} step; so does the gradient check, in its own tab.",
        "Every screen now uses the scorer trained for {n} steps; so does the gradient check, in its own tab.",
    ),
    "learn.apply_failed": "The trained scorer could not be shared: {reason}.",
    # --- sequence loss ------------------------------------------------------------------------------
    "learn.seq_header": "From one step to a sentence: the sequence loss",
    "learn.seq_lead": (
        "A translation model is not trained on one step. For one source $x$ and its target $y_1, \\dots, y_U$ "
        "($U$ target tokens; $\\theta$ collects every trainable parameter, the scorer's $\\varphi$ among them), "
        "the loss adds one term a target step, and so does its gradient:"
    ),
    "learn.seq_one_term": (
        "The loss trained in the Training tab is one term $L_t$ in a toy form. Its state $s$ stands for "
        "$s_{{t-1}}$, which in a "
        "real decoder carries what it has read of $x$ and the earlier target tokens $y_{{<t}}$; and its output "
        "layer predicts $y_t$ from $c_t$ alone, where the toy translator of screen 6 also uses $s_t$ and "
        "$y_{{t-1}}$. Training at A and B together adds two such terms, as the sum adds one a target step; but "
        "our two states are set by hand, where a decoder computes each $s_t$ from the step before."
    ),
    "learn.seq_forcing": (
        "Which earlier tokens $y_{{<t}}$ go into each term? In training, the true ones, even where the model would "
        "have predicted something else: this is teacher forcing, and it reveals the past, never the token "
        "being predicted. In translation no true target exists, so the decoder is fed its own previous "
        "predictions instead. Screen 6 computes both, step by step, on a sentence you pick."
    ),
    "learn.seq_link": "Screen 6: training and translation on the toy translator",
}
