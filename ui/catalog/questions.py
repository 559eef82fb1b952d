"""Messages of the question bank (prefix ``q.``): the widget that asks (:mod:`ui.questions`) and every question.

A question's messages are ``q.<place>.<name>.prompt``, its explanation ``q.<place>.<name>.why`` (or ``.why_<variant>``
where core's answer picks one), a choice's options ``q.<place>.<name>.option_<id>`` and why a wrong one is wrong
``q.<place>.<name>.miss_<id>`` (a point pick's, for any wrong point, ``q.<place>.<name>.miss``), and where the
question changes what the chart beside its answer draws, how to see it there ``q.<place>.<name>.on_chart``; a term
core names (a model, a question asked of the notebook) is ``q.term.<id>``. Their fields are computed by
``core.questions``: a word in quotes is a word of the question's sentence, a list in brackets is numbers (weights,
scores).
"""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    # --- the widget -------------------------------------------------------------------------------------------
    "q.heading": "Predict, then check",
    "q.answer": "Your answer",
    "q.check": "Check",
    "q.skip": "Skip",
    "q.another": "Ask me another",
    "q.check_yourself": "Check yourself: a question on this screen",
    "q.held_back": "Answer the question, or skip it, to see the chart and what it shows.",
    "q.right": "Right.",
    "q.wrong": "Not quite.",
    "q.skipped": "Skipped.",
    "q.yours": "Your answer: {given}",
    "q.correct": "The answer: {answer}",
    "q.elsewhere": (
        "This question was asked at s = {asked}, and the chart shows s = {shown}: set the state to {asked} to see "
        "its answer on the chart."
    ),
    "q.quoted": "“{word}”",  # a word given or picked as an answer, quoted: French "car" read "because"
    "q.correct_within": "The answer: {answer} (within ±{tolerance} counts as right)",
    "q.range": "A number from {low} to {high}.",
    "q.number_answer": "Your answer, from {low} to {high}",
    "q.typed_help": "A number from {low} to {high}, its decimals after a comma or a point.",
    "q.typed_empty": "Write a number in the field, then press Check.",
    "q.typed_not_number": (
        "“{typed}” is not a number: write one from {low} to {high}, its decimals after a comma or a point."
    ),
    "q.typed_outside": "{typed} is not from {low} to {high}: write a number in that range.",
    "figure.q_answer_line": "your answer on the question's range",
    "figure.q_answer_plane": "the points offered, where they lie",
    "q.plane_coordinate": "coordinate {i}",
    "q.plane_label": "P{k} · {role}",
    "q.plane_right": "the answer",
    "q.plane_yours": "yours",
    "q.plane_other": "offered",
    "q.plane_caption": (
        "The points offered where they lie: the answer in green, yours in purple if it is another; the sources in "
        "grey, each named by its word, and the triangle they span, dashed."
    ),
    "figure.q_answer_words": "the words offered, the answer's and yours marked",
    "q.words_word": "word",
    "q.word_label": "{word} · {role}",
    "q.word_weight": "{label} · {weight}",
    "q.words_caption": (
        "The words offered, each with the weight it gets: the answer in green, yours in purple if it is another."
    ),
    "q.words_caption_plain": "The words offered: the answer in green, yours in purple if it is another.",
    "q.line_row": "answer",
    "q.line_yours": "yours",
    "q.line_value": "value",
    "q.line_caption_exact": (
        "Your answer as a tick on the question's range, the right one as the green line: only that number counts as "
        "right."
    ),
    "q.line_caption": (
        "Your answer as a tick on the question's range, the right one as the green line; the shaded band around it "
        "counts as right."
    ),
    "q.point": "P{k} ({x}, {y})",
    "q.tally": Plural(
        "This visit: {hits} of {n} question answered right.",
        "This visit: {hits} of {n} questions answered right.",
    ),
    # --- terms ------------------------------------------------------------------------------------------------
    "q.term.summary": "the fixed summary",
    "q.term.attention": "attention (Bahdanau's additive reading)",
    "q.term.luong_dot": "Luong's dot score",
    "q.term.luong_general": "Luong's general score",
    "q.term.luong_local": "Luong's local window",
    "q.term.where": "Where was the notebook left?",
    "q.term.colour": "What colour is the notebook?",
    # --- step 1, fixed ----------------------------------------------------------------------------------------
    "q.fixed.same.prompt": (
        "A decoder writes a translation of {U} words from a source of {T} words. With {reader}, what happens to the "
        "context $c_t$ it receives from one target step to the next?"
    ),
    "q.fixed.same.option_same": "It is the same at every step",
    "q.fixed.same.option_changes": "It changes from step to step",
    "q.fixed.same.why_same": (
        "With {reader} every step receives the same vector: the largest change from one step to the next is "
        "{change:.3f}. Whatever the decoder needs next reaches it through that one summary."
    ),
    "q.fixed.same.why_changes": (
        "With {reader} the context is read again at every step from the decoder's state: it changes by up to "
        "{change:.3f} from one step to the next."
    ),
    "q.fixed.kept.prompt": (
        "A source of {T} words: the encoder turns each word into an annotation of {width} numbers; the fixed summary "
        "is {width} numbers. How many numbers does attention keep available to read?"
    ),
    "q.fixed.kept.why": (
        "Attention keeps every annotation: {T} × {width} = {n} numbers, growing with the sentence, while the fixed "
        "summary stays at {width} whatever the sentence's length."
    ),
    # --- step 2, compare --------------------------------------------------------------------------------------
    "q.compare.weight.prompt": "At s = {s:g}, what weight $\\alpha_j$ does the word “{word}” get?",
    "q.compare.weight.why": (
        "At s = {s:g} the scores are [{scores}]; Softmax turns them into the weights [{weights}], positive and "
        "summing to 1: “{word}” gets {weight:.3f}."
    ),
    "q.compare.context.prompt": "At s = {s:g}, which of these points is the context $c$?",
    "q.compare.context.why": (
        "With the weights [{weights}], $c = \\sum_j \\alpha_j h_j$ = ({c1:.3f}, {c2:.3f}). The other points are the "
        "sources' plain average, the most-weighted source “{word}” alone, and the read at s = {minus:+g}, the "
        "state's sign flipped."
    ),
    # --- step 3, hull -----------------------------------------------------------------------------------------
    "q.hull.point.prompt": (
        "With positive weights that sum to 1, which of these points could be a read $c = \\sum_j \\alpha_j h_j$ of "
        "the sources “{word1}” at ({h1}), “{word2}” at ({h2}) and “{word3}” at ({h3})?"
    ),
    "q.hull.point.why": (
        "A read with positive weights summing to 1 is a weighted average of the sources, so it lies inside the "
        "triangle they span. Only P{k} does: it is the mix [{mix}] of “{word1}”, “{word2}” and “{word3}”."
    ),
    "q.hull.point.miss": (
        "P{point} is the mix [{point_mix}] of “{word1}”, “{word2}” and “{word3}”: its weights sum to 1, but the one "
        "on “{negative_word}” is negative. No positive weights summing to 1 reach P{point}."
    ),
    "q.hull.raw.prompt": (
        "Leave Softmax out and read with the raw scores as weights, $c = \\sum_j e_j h_j$, at s = {s:g}. Where does "
        "$c$ lie?"
    ),
    "q.hull.raw.option_inside": "Inside the triangle of the sources",
    "q.hull.raw.option_outside": "Outside it",
    "q.hull.raw.why_inside": (
        "The raw scores [{scores}] sum to {total:.2f}, not 1, and nothing keeps them positive; here $c$ = ({c1:.2f}, "
        "{c2:.2f}) happens to lie inside. Only Softmax guarantees it."
    ),
    "q.hull.raw.why_outside": (
        "The raw scores [{scores}] sum to {total:.2f}, not 1: $c$ = ({c1:.2f}, {c2:.2f}) leaves the triangle. "
        "Softmax's positive weights summing to 1 are what keep a read inside."
    ),
    # --- step 4, tanh -----------------------------------------------------------------------------------------
    "q.tanh.removed.prompt": (
        "Sources {H}; scorer $W$ with rows {W}, $U$ = ({U}), $v$ = ({v}), $b$ = ({b}). Remove tanh: what happens to "
        "the weights of state A (s = {a:g}) and state B (s = {b_state:g})?"
    ),
    "q.tanh.removed.option_uniform": "Both give every word the same weight",
    "q.tanh.removed.option_same": "A and B read alike, some words more than others",
    "q.tanh.removed.option_differ": "They still read differently",
    "q.tanh.removed.on_chart": "To see it on the chart, choose “{none}” for f.",
    "q.tanh.removed.on_chart_other": "The chart beside it draws our example's scorer, not this question's.",
    "q.tanh.removed.why_uniform": (
        "Without tanh, $e_j = (W^\\top v)^\\top h_j + v^\\top U s + v^\\top b$. The state's term, {shared:g} × s, is "
        "the same for every word and Softmax removes it; here $W^\\top v$ = ({wtv}), so nothing tells the words "
        "apart either: both states read [{weights_a}]. With tanh they read [{tanh_a}] and [{tanh_b}]."
    ),
    "q.tanh.removed.why_same": (
        "Without tanh, $e_j = (W^\\top v)^\\top h_j + v^\\top U s + v^\\top b$. The state's term, {shared:g} × s, is "
        "the same for every word and Softmax removes it, so A and B read alike, [{weights_a}]; $W^\\top v$ = "
        "({wtv}) still tells the words apart. With tanh they read [{tanh_a}] and [{tanh_b}]."
    ),
    "q.tanh.removed.why_differ": "Without tanh the two states still read differently: [{weights_a}] and [{weights_b}].",
    "q.tanh.removed.miss_uniform": (
        "Without tanh Softmax removes only the state's term, shared by every word. The sources' term "
        "$(W^\\top v)^\\top h_j$ still differs from word to word, [{source_terms}] with $W^\\top v$ = ({wtv}), so "
        "both states read [{weights_a}], not equal weights."
    ),
    "q.tanh.removed.miss_same": (
        "The two states do read alike, but with equal weights: with $W^\\top v$ = ({wtv}) the sources' term "
        "$(W^\\top v)^\\top h_j$ is [{source_terms}], the same for every word, so nothing tells the words apart."
    ),
    "q.tanh.removed.miss_differ": (
        "The state still enters every score, through $v^\\top U s$: {term_a:g} at A, {term_b:g} at B, the same for "
        "every word. Softmax ignores a shift that every score shares, so A and B both read [{weights_a}]."
    ),
    "q.tanh.shift.prompt": (
        "At s = {s:g} the scores are [{scores}]. Add {shift:g} to every one of them. What happens to the weights?"
    ),
    "q.tanh.shift.option_unchanged": "Nothing: they stay as they were",
    "q.tanh.shift.option_sharper": "The largest weight grows",
    "q.tanh.shift.option_flatter": "They move towards equal",
    "q.tanh.shift.option_uniform": "They all become equal",
    "q.tanh.shift.why": (
        "Softmax divides $e^{{e_j + k}}$ by $\\sum_l e^{{e_l + k}}$, and the shared factor $e^k$ cancels: the scores "
        "[{shifted}] give the same weights [{after}] as before. This is why a term shared by every score, such as "
        "the state's once tanh is removed, changes nothing."
    ),
    "q.tanh.shift.miss_sharper": (
        "Adding {shift:g} to every score leaves the gaps between them as they were: “{leader}” still leads the next by "
        "{lead:.3f} and the lowest by {spread:.3f}, and Softmax reads only those gaps. The largest weight stays "
        "{largest:.3f}."
    ),
    "q.tanh.shift.miss_flatter": (
        "The shifted scores [{shifted}] are no closer together than [{scores}] were: each moved by {shift:g}, so every "
        "gap between them is as it was. Softmax reads only the gaps, so the weights stay [{after}]."
    ),
    "q.tanh.shift.miss_uniform": (
        "Equal weights need equal scores, and the shifted scores [{shifted}] still lie {spread:.3f} apart from the "
        "largest to the smallest, as before. The weights stay [{after}]."
    ),
    # --- step 5, states ---------------------------------------------------------------------------------------
    "q.states.largest.prompt": (
        "State A (s = {a:g}) reads “{word_a}” most. At s = {s:g}, which word gets the largest weight?"
    ),
    "q.states.largest.why": (
        "At s = {s:g} the weights are [{weights}]: “{word}” gets the most, {weight:.3f} (state A gave “{word_a}” "
        "{weight_a:.3f}). The same sources and scorer, read from another state."
    ),
    "q.states.identical.prompt": (
        "Make all three sources copies of $h$ = ({x:g}, {y:g}), the source of “{word}”. Read at s = {s:g}: what is "
        "the context $c$?"
    ),
    "q.states.identical.option_copy": "Exactly $h$, whatever the weights",
    "q.states.identical.option_moves": "It depends on the weights, so it moves with s",
    "q.states.identical.option_average": "The average of the three original sources",
    "q.states.identical.on_chart": (
        "The chart reads our example's own sources, which differ from one another: it does not draw this question's "
        "identical ones."
    ),
    "q.states.identical.why": (
        "Any weights summing to 1 give $c = \\sum_j \\alpha_j h = h$: here the weights are [{weights}] and $c$ = "
        "({c1:.3f}, {c2:.3f}). A large weight on a word is not, by itself, that word's importance."
    ),
    "q.states.identical.miss_moves": (
        "Three copies of $h$ get the same score at every state, so the weights are [{weights}] whatever s is; and "
        "any weights summing to 1 would give $c = h$ = ({x:g}, {y:g}) anyway."
    ),
    "q.states.identical.miss_average": (
        "The original sources average ({avg1:.3g}, {avg2:.3g}), but they are gone: all three sources are now $h$, "
        "and any weighted average of three copies of $h$ is $h$ = ({x:g}, {y:g})."
    ),
    # --- step 6, sweep ----------------------------------------------------------------------------------------
    "q.sweep.switches.prompt": "Move s from {low:g} to {high:g}. How many times does the most-weighted word change?",
    "q.sweep.switches.why": Plural(
        "From s = {low:g} to {high:g} the lead changes {n} time, at s ≈ {at}: “{first}” leads at the start, "
        "“{last}” at the end.",
        "From s = {low:g} to {high:g} the lead changes {n} times, at s ≈ {at}: “{first}” leads at the start, "
        "“{last}” at the end.",
    ),
    "q.sweep.switches.why_none": (
        "From s = {low:g} to {high:g} “{first}” leads throughout: the most-weighted word never changes."
    ),
    "q.sweep.crossing.prompt": (
        "Between s = {low:g} and {high:g}, “{leader}” leads first and “{taker}” takes over. At what s do their "
        "weights cross?"
    ),
    "q.sweep.crossing.why": (
        "Their weights cross at s = {at:.3f}, both {weight:.3f} there. The axis is a constructed state, not training "
        "time or decoder steps."
    ),
    # --- step 7, hard -----------------------------------------------------------------------------------------
    "q.hard.jump.prompt": (
        "Move s from {a:g} to {b:g}. Hard selection reads only the highest-scoring source. What does its context do?"
    ),
    "q.hard.jump.option_jumps": "It jumps from one source to another",
    "q.hard.jump.option_stays": "It stays exactly where it was",
    "q.hard.jump.why_jumps": (
        "Hard selection reads “{leader}” at s = {a:g} and “{taker}” at s = {b:g}: its context jumps all at once at "
        "the boundary, from ({read_a}) to ({read_b}), a distance of {jump:.3f}, while the soft read's context slides "
        "smoothly, a distance of {soft:.3f} in all."
    ),
    "q.hard.jump.why_stays": (
        "“{leader}” scores highest at both states, so hard selection reads it whole at both: its context does not "
        "move at all, while the soft read moves by {soft:.3f}."
    ),
    "q.hard.slope.prompt": (
        "At s = {s:g}, raise the score of “{word}” by a tiny amount. What does the context of hard selection do?"
    ),
    "q.hard.slope.option_zero": "Nothing: its slope is 0",
    "q.hard.slope.option_smooth": "It moves a little, in proportion",
    "q.hard.slope.option_jump": "It jumps to another source",
    "q.hard.slope.why": (
        "“{top}” keeps the highest score, so hard selection keeps reading it: its slope is 0 and no gradient flows "
        "back through it. The soft read moves, $\\alpha_j (h_j - c)$ = ({soft}) per unit of score."
    ),
    "q.hard.slope.miss_smooth": (
        "Moving in proportion is what the soft read does, ({soft}) per unit of score. Hard selection reads only "
        "“{top}”, whose score leads the next by {lead:.3f}: a tiny raise leaves it highest, so the hard read stays put."
    ),
    "q.hard.slope.miss_jump": (
        "A jump needs another word to overtake “{top}”, whose score leads the next by {lead:.3f}: a raise smaller "
        "than that cannot change which word scores highest, so hard selection keeps reading “{top}”."
    ),
    # --- step 8, gradient -------------------------------------------------------------------------------------
    "q.gradient.sign.prompt": (
        "Take the loss $L = g^\\top c$ with $g$ = ({g1:g}, {g2:g}) at s = {s:g}. Which way does one step of gradient "
        "descent move the score of “{word}”?"
    ),
    "q.gradient.sign.option_up": "Up",
    "q.gradient.sign.option_down": "Down",
    "q.gradient.sign.why_up": (
        "$\\partial L / \\partial e_j = \\alpha_j\\, g^\\top (h_j - c)$ with $\\alpha_j$ = {weight:.3f}, "
        "$g^\\top h_j$ = {gh:.3f} and $g^\\top c$ = {gc:.3f}, so $\\partial L / \\partial e_j$ = {grad:.3f} for "
        "“{word}”. Descent moves the score against it: up."
    ),
    "q.gradient.sign.why_down": (
        "$\\partial L / \\partial e_j = \\alpha_j\\, g^\\top (h_j - c)$ with $\\alpha_j$ = {weight:.3f}, "
        "$g^\\top h_j$ = {gh:.3f} and $g^\\top c$ = {gc:.3f}, so $\\partial L / \\partial e_j$ = {grad:.3f} for "
        "“{word}”. Descent moves the score against it: down."
    ),
    "q.gradient.total.prompt": (
        "Take the loss $L = g^\\top c$ with $g$ = ({g1:g}, {g2:g}) at s = {s:g}. Add up $\\partial L / \\partial e_j$ "
        "over the three words. What is the sum?"
    ),
    "q.gradient.total.why": (
        "The three are [{grads}], summing to {total:.3f}: always 0, because raising every score by the same amount "
        "changes no weight, so neither $c$ nor $L$."
    ),
    # --- step 9, step -----------------------------------------------------------------------------------------
    "q.step.loss.prompt": (
        "At s = {s:g} the correct next word is “{target}”. Take one gradient step on the scorer's parameters at "
        "learning rate {lr:g}. Does the loss go down or up?"
    ),
    "q.step.loss.option_lower": "Down",
    "q.step.loss.option_higher": "Up",
    "q.step.loss.why_lower": (
        "The loss $-\\log p$ goes from {before:.3f} to {after:.3f}, and the weight on “{word}” from {w0:.3f} to "
        "{w1:.3f}. No alignment label was given, only the correct word."
    ),
    "q.step.loss.why_higher": (
        "The loss $-\\log p$ goes up, from {before:.3f} to {after:.3f}: at rate {lr:g} the step overshoots; the "
        "gradient promises a lower loss only for a small enough step."
    ),
    "q.step.weight.prompt": (
        "At s = {s:g} the correct next word is “{target}”, which the output predicts best from the source vector of "
        "“{word}”. After one gradient step at rate {lr:g}, does the weight on “{word}” rise or fall?"
    ),
    "q.step.weight.option_rises": "It rises",
    "q.step.weight.option_falls": "It falls",
    "q.step.weight.why_rises": (
        "It goes from {w0:.3f} to {w1:.3f}, and the loss from {before:.3f} to {after:.3f}: the prediction loss alone "
        "taught the scorer to look at “{word}”."
    ),
    "q.step.weight.why_falls": (
        "It goes from {w0:.3f} to {w1:.3f}, and the loss from {before:.3f} to {after:.3f}: a step of size {lr:g} "
        "moves all the scorer's parameters at once, and here it does not favour “{word}”."
    ),
    # --- step 10, align ---------------------------------------------------------------------------------------
    "q.align.read.prompt": (
        "At training snapshot {snapshot}, the model writes “{written}” (target word {t}). Which source word does it "
        "read most?"
    ),
    "q.align.read.why_right": (
        "It puts {weight:.3f} on “{word}”, the word “{written}” translates. Nobody labelled that: the alignment came "
        "from the prediction loss alone."
    ),
    "q.align.read.why_wrong": (
        "It puts {weight:.3f} on “{word}”; the word “{written}” translates is “{true}”, which gets {true_weight:.3f}. "
        "At this snapshot that alignment has not formed yet."
    ),
    "q.align.fed.prompt": (
        "Training at snapshot {snapshot} on “{sentence}”: at step {previous} the model predicted “{own}” where the "
        "reference has “{truth}”. Which word does teacher forcing feed the decoder at step {t}?"
    ),
    "q.align.fed.why": (
        "Teacher forcing feeds the reference's previous word, “{truth}”, whatever the model predicted. It never "
        "feeds “{current}”, the word step {t} must predict: supplying the past is not revealing the answer."
    ),
    # --- step 11, long ----------------------------------------------------------------------------------------
    "q.long.falls.prompt": (
        "On the test sentences of {low} to {high} words, which of these models translates the fewest exactly?"
    ),
    "q.long.falls.why": (
        "Over those {count} sentences {weakest} translates {weakest_share:.0%} exactly, {runner} "
        "{runner_share:.0%}, as recorded when the models were trained."
    ),
    "q.long.share.prompt": (
        "What share of the test sentences of {low} to {high} words does {model} translate exactly, in percent?"
    ),
    "q.long.share.why": "{share:.1%} of those {count} sentences, as recorded when the models were trained.",
    # --- screen 7, limits -------------------------------------------------------------------------------------
    "q.limits.negation.prompt": (
        "Ask “{question}” of “Felix left the blue notebook in the meeting room yesterday.” and of the same sentence "
        "with “did not leave”, with weight {action_weight:g} on the action phrase. Do the two readings' weights differ?"
    ),
    "q.limits.negation.option_same": "No, they are the same",
    "q.limits.negation.option_differ": "Yes, they differ",
    "q.limits.negation.why_where": (
        "The query puts weight {not_weight:g} on the feature “not”, so both sentences get the same scores and the "
        "same weights (the largest {largest:.3f}). Yet only the first says where the notebook was: which phrases are "
        "read is not how they are understood."
    ),
    "q.limits.negation.why_colour": (
        "The query puts weight {not_weight:g} on the feature “not”, so both sentences get the same weights (the "
        "largest {largest:.3f}), and here both answer alike: the notebook is blue either way. The weights alone cannot "
        "tell this case from the one where the negation matters."
    ),
    "q.limits.cost.prompt": (
        "Global soft attention, a source of {T} words and a translation of {U} words: how many scores $e_{{tj}}$ does "
        "it compute?"
    ),
    "q.limits.cost.why": (
        "Every target step scores every source word: {T} × {U} = {n}. Its reading is selective, its work is not."
    ),
    # --- screen 8, self_attention -----------------------------------------------------------------------------
    "q.self_attention.hidden.prompt": (
        "Decoder step {t} writes “{writes}”. Which of these target tokens may it not use?"
    ),
    "q.self_attention.hidden.why_itself": (
        "Step {t} may use the start token and the target words before it, $y_0$ to $y_{{t-1}}$; “{hidden}” is the "
        "word it is writing, so it is hidden from it."
    ),
    "q.self_attention.hidden.why_later": (
        "Step {t} may use the start token and the target words before it, $y_0$ to $y_{{t-1}}$; “{hidden}” is "
        "$y_{{{k}}}$, written after step {t}, so it is hidden from it."
    ),
    "q.self_attention.causal.prompt": (
        "Causal self-attention over {T} positions: how many positions may position {i} read?"
    ),
    "q.self_attention.causal.why": (
        "Position {i} may read positions 1 to {i}, itself included: {n}. The later ones are hidden, as a model that "
        "writes from left to right needs."
    ),
}
