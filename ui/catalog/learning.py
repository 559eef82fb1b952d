"""Messages of screen 5, learning where to look (article section 7)."""

EN: dict[str, str] = {
    "learn.tab_check": "Gradient check",
    "learn.tab_train": "Training",
    "learn.tab_derivation": "Derivation",
    "learn.tab_sequence": "Sequence loss",
    "learn.lead": (
        "A trained model finds the scorer's parameters $\\varphi = (W, U, v, b)$ from its prediction loss alone, "
        "with no label saying which source position a target word comes from: follow that loss's gradient back "
        "through one read, check it entry by entry, then train the scorer."
    ),
    # --- derivation ---------------------------------------------------------------------------------
    "learn.derivation_header": "The gradient through one read",
    "learn.derivation_lead": (
        "Hold the sources $h_j$ fixed and let $g = \\partial L/\\partial c_t$ be the gradient that reaches the "
        "context from the rest of the model; Softmax and the weighted sum give the read's sensitivity to one score "
        "($\\delta_{kj} = 1$ if $k = j$, else 0):"
    ),
    "learn.derivation_chain": "By the chain rule, the gradient with respect to one score:",
    "learn.derivation_sum": (
        "The scores' gradients sum to zero, since raising every score equally changes nothing; "
        "$\\partial L/\\partial e_{tj}$ is negative (raising $e_{tj}$ lowers $L$) when moving $c_t$ towards $h_j$ "
        "goes against $g$."
    ),
    "learn.derivation_onward": (
        "Onward into the shared parameters and the state, through $e_{tj} = v^\\top \\tanh(a_{tj})$ with "
        "$a_{tj} = W h_j + U s_{t-1} + b$:"
    ),
    "learn.derivation_no_tanh": (
        "With tanh removed every gradient that carries the state sums to zero, so $\\partial L/\\partial U$, "
        "$\\partial L/\\partial b$ and $\\partial L/\\partial s_{t-1}$ are exactly 0: such a scorer could not learn "
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
        "The source tokens are not I / like / cats, so the target tokens are named after the source "
        "positions they are tied to."
    ),
    "learn.translation_of": "translation of {token}",
    "learn.target": "Correct target token $y_t$",
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
    "learn.bad_states": "expected one of {options}, got '{value}'",
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
    "learn.applied": (
        "Every screen now uses the scorer trained for {n} steps; so does the gradient check, in its own tab."
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
        "$s_{t-1}$, which in a "
        "real decoder carries what it has read of $x$ and the earlier target tokens $y_{<t}$; and its output "
        "layer predicts $y_t$ from $c_t$ alone, where the toy translator of screen 6 also uses $s_t$ and "
        "$y_{t-1}$. Training at A and B together adds two such terms, as the sum adds one a target step; but "
        "our two states are set by hand, where a decoder computes each $s_t$ from the step before."
    ),
    "learn.seq_forcing": (
        "Which earlier tokens $y_{<t}$ go into each term? In training, the true ones, even where the model would "
        "have predicted something else: this is teacher forcing, and it reveals the past, never the token "
        "being predicted. In translation no true target exists, so the decoder is fed its own previous "
        "predictions instead. Screen 6 computes both, step by step, on a sentence you pick."
    ),
    "learn.seq_link": "Screen 6: training and translation on the toy translator",
}

ZH: dict[str, str] = {
    "learn.tab_check": "梯度核对",
    "learn.tab_train": "训练",
    "learn.tab_derivation": "推导",
    "learn.tab_sequence": "序列损失",
    "learn.lead": (
        "训练中的模型只凭预测损失就能找到打分函数的参数 $\\varphi = (W, U, v, b)$，没有任何标签告诉它某个目标词"
        "来自哪个源位置。本页先沿一次读取把这个损失的梯度反向推回去，再逐项核对，最后训练打分函数。"
    ),
    # --- derivation ---------------------------------------------------------------------------------
    "learn.derivation_header": "穿过一次读取的梯度",
    "learn.derivation_lead": (
        "固定源向量 $h_j$，记 $g = \\partial L/\\partial c_t$ 为模型其余部分传到上下文向量的梯度。由 Softmax 和"
        "加权求和，可得这次读取对单个分数的敏感度（$k = j$ 时 $\\delta_{kj} = 1$，否则为 0）："
    ),
    "learn.derivation_chain": "由链式法则，对单个分数的梯度为：",
    "learn.derivation_sum": (
        "各分数的梯度之和为零，因为所有分数同时加上同一个数不会改变任何东西；当把 $c_t$ 移向 $h_j$ 与 $g$ 方向"
        "相反时，$\\partial L/\\partial e_{tj}$ 为负（提高 $e_{tj}$ 会降低 $L$）。"
    ),
    "learn.derivation_onward": (
        "再经过 $e_{tj} = v^\\top \\tanh(a_{tj})$（其中 $a_{tj} = W h_j + U s_{t-1} + b$），梯度继续传到共享参数"
        "和状态："
    ),
    "learn.derivation_no_tanh": (
        "去掉 tanh 后，所有携带状态的梯度之和都为零，所以 $\\partial L/\\partial U$、$\\partial L/\\partial b$ 和 "
        "$\\partial L/\\partial s_{t-1}$ 恰好为 0：这样的打分函数无法学会依赖状态。"
    ),
    "learn.derivation_scope": (
        "这里只看源向量固定时的一次读取；完整的训练还会把梯度传进产生 $h_j$ 的编码器，并综合许多目标步和许多样本。"
    ),
    # --- gradient check -----------------------------------------------------------------------------
    "learn.check_header": "用有限差分逐项核对",
    "learn.check_lead": (
        "对探针损失 $L = g^\\top c_t$（于是 $\\partial L/\\partial c_t = g$，在下方设置），下表在所选状态下把每个"
        "解析分量与 $L$ 的中心有限差分逐一比较，有限差分再用 Richardson 外推加以改进。"
    ),
    "learn.g1": "g₁ = ∂L/∂c₁",
    "learn.g2": "g₂ = ∂L/∂c₂",
    "learn.g_help": "模型其余部分传入上下文向量的上游梯度。我们的示例使用 g = (1, -0.5)。",
    "learn.field_g1": "上游梯度 g₁",
    "learn.field_g2": "上游梯度 g₂",
    "learn.bad_empty": "输入为空",
    "learn.bad_number": "应为有限的数，实际为 {value}",
    "learn.bad_range": "应为 {lo} 到 {hi} 之间的数，实际为 {value}",
    "learn.bad_positive": "应为大于 {lo} 且不超过 {hi} 的数，实际为 {value}",
    "learn.bad_whole": "应为 {lo} 到 {hi} 之间的整数，实际为 {value}",
    "learn.probe_value": "在 $s = {s}$ 处：$c = ({c1}, {c2})$，$L = g^\\top c$ = **{L}**。",
    "learn.col_entry": "分量",
    "learn.col_analytic": "解析值",
    "learn.col_numeric": "有限差分",
    "learn.col_rel": "相对误差",
    "learn.col_pass": "≤ 1e-6",
    "learn.col_entry_help": "依次为每个源位置 j 的 ∂L/∂eⱼ，W、U、v、b 的每个分量（行，列），最后是 s。",
    "learn.col_rel_help": (
        "|解析值 − 数值解| / max(|解析值|, |数值解|, 1e-3·max(1, |L|))。这个下限让接近零的分量按损失本身的量级来评判。"
    ),
    "learn.largest_mark": "◀",
    "learn.largest_help": "相对误差最大的分量。",
    "learn.col_pass_help": "该分量的相对误差是否不超过 1e-6？",
    "learn.check_passed": "全部 {n} 个分量都在 1e-6 以内吻合：最大的相对误差是 **{worst}**（在 {entry} 处，标有 ◀）。",
    "learn.check_failed": (
        "{n} 个分量中有 {bad} 个超过 1e-6；最大的相对误差是 **{worst}**（在 {entry} 处，标有 ◀）：数值很大时，"
        "有限差分会因舍入而失去精度。"
    ),
    "learn.sum_scores": "$\\sum_j \\partial L/\\partial e_{{tj}}$ = **{total}**（浮点运算的结果为 {exact}）。",
    "learn.de_title": "∂L/∂eⱼ",
    "learn.de_caption": (
        "当前 $s$ 下探针损失的 $\\partial L/\\partial e_j$：柱为负表示提高该分数会降低 $L$；"
        "它并不说明哪个词对翻译重要。"
    ),
    "learn.state_moves_read": (
        "移动状态会移动读取结果：$s$ 每变化一个单位，读取移动 $dc/ds = ({dc1}, {dc2})$，因此 "
        "$\\partial L/\\partial s = g^\\top dc/ds$ = **{ds}**（即表格的最后一行）。"
    ),
    "learn.no_tanh_state": (
        "去掉 tanh 后，在此状态下算出的 $\\partial L/\\partial U$、$\\partial L/\\partial b$ 和 "
        "$\\partial L/\\partial s$ 的每个分量，绝对值都不超过 {worst}：这只是精确的 0 经过舍入的结果。"
    ),
    # --- training -----------------------------------------------------------------------------------
    "learn.train_header": "只用预测损失训练打分函数",
    "learn.train_lead": (
        "一个固定的、与源向量绑定的玩具输出层（目标词元 $k$ 的 logit 为 $h_k^\\top c_t$）预测目标词元；每一步把"
        "交叉熵损失的 $g = \\partial L/\\partial c_t$ 沿读取反向传回，只更新 $\\varphi$，源向量、状态 $s$ 和输出层"
        "都保持不变。"
    ),
    "learn.tied_labels": "源词元不是 I / like / cats，所以目标词元按它们所绑定的源位置命名。",
    "learn.translation_of": "{token} 的译词",
    "learn.target": "正确的目标词元 $y_t$",
    "learn.target_help": "唯一的监督信号：哪个目标词元是正确的。没有指明任何源位置。",
    "learn.states": "训练所用的状态",
    "learn.states_s": "上面的状态 s",
    "learn.states_AB": "状态 A 和 B 一起",
    "learn.states_help": (
        "只在一个状态上训练时，打分函数只需让该状态读取与其目标词元绑定的位置。同时在 A（s = −1）和 B（s = +1）"
        "上训练时，损失为每个状态加一项，各有自己的正确词元；因此当两个词元不同时，同一组参数 φ 会在两个状态上"
        "被拉向不同的读取方式。"
    ),
    "learn.bad_states": "应为 {options} 之一，实际为“{value}”",
    "learn.target_at": "{state}（s = {s}）处的正确目标词元",
    "learn.states_formula": (
        "每个状态用同一个 $\\varphi$ 读出自己的上下文向量 $c_n$，并把自己的 $g_n$ 沿自己的读取反向传回；打分函数"
        "的梯度是两者之和，"
        "$\\partial L/\\partial\\varphi = \\partial L_A/\\partial\\varphi + \\partial L_B/\\partial\\varphi$。"
    ),
    "learn.lr": "学习率 η",
    "learn.lr_help": "每个梯度步的大小，φ ← φ − η ∂L/∂φ（取 0 到 10，不含 0）。",
    "learn.steps": "步数 N",
    "learn.steps_help": "“运行 N 步”按钮一次走多少步（1 到 500）。",
    "learn.field_lr": "学习率 η",
    "learn.field_steps": "步数 N",
    "learn.step": "走一步",
    "learn.step_help": "对 φ 做一步梯度下降。",
    "learn.run": "运行 N 步",
    "learn.run_help": "对 φ 连续做 N 步梯度下降。",
    "learn.reset": "重置训练",
    "learn.reset_help": "从共享的打分函数（每个页面都在用的那个）重新开始。",
    "learn.running": "第 {done} 步，共 {total} 步",
    "learn.limit": "本次训练已达到 {limit} 步，这是一次训练最多保留的步数。重置训练即可重新开始。",
    "learn.restarted": (
        "由于{what}变了，训练已从共享的打分函数重新开始：一次训练只属于它的状态、这些状态的目标词元和一组源向量。"
    ),
    "learn.what.target": "目标词元",
    "learn.what.states": "训练所用的状态",
    "learn.what.s": "解码器状态 s",
    "learn.what.sources": "源向量",
    "learn.what.scorer": "共享的打分函数",
    "learn.list_sep": "、",
    "learn.status": "训练 **{n}** 步后：损失 $L = -\\log p(y_t \\mid c_t)$ = **{loss}**（第 0 步时为 {start}）；"
    "p({token} | $c_t$) = **{p}**。",
    "learn.status_states": "训练 **{n}** 步后：损失 L = **{loss}**（第 0 步时为 {start}）；{ps}。",
    "learn.p_of": "p({token} | $c_{state}$) = **{p}**",
    "learn.goal": "{state} → {token}",
    "learn.weights_title": "权重 αⱼ",
    "learn.data_when": "时刻",
    "learn.data_weight": "权重",
    "learn.data_state": "状态",
    "learn.data_loss": "损失",
    "learn.group_start": "开始（第 0 步）",
    "learn.group_now": "现在（第 {n} 步）",
    "learn.group_start_at": "{state}：开始",
    "learn.group_now_at": "{state}：现在",
    "learn.weights_caption": (
        "所选状态下，分别用初始的和当前的打分函数得到的权重：没有人指明位置，权重之所以移动，是因为读取那个位置能"
        "降低这个玩具模型的损失（权重并不等于因果上的重要性）。"
    ),
    "learn.loss_title": "损失 L",
    "learn.loss_x": "步",
    "learn.loss_caption": (
        "{token} 的损失 $-\\log p(y_t \\mid c_t)$ 随步数的变化（0：初始的打分函数）；它不必降到 0，因为输出层固定时，"
        "即使最好的读取也会给其他词元留下一些概率。"
    ),
    "learn.p_title": "p(y | c)",
    "learn.p_caption": "输出层在目标词元上的分布（每个词元用它所绑定的源位置的颜色），而不是源位置上的权重。",
    "learn.p_at": "状态 {state}",
    "learn.p_caption_states": (
        "输出层现在在 A 和 B 处的目标词表分布，各由自己的上下文向量得出。每个目标词元使用它所绑定的源位置的颜色。"
        "这些是目标词元上的分布，不是读取权重。"
    ),
    "learn.train_caption": (
        "唯一的监督是正确的目标词元：损失下降，是因为打分函数学会了读取那个位置，即绑定的输出层映射到该词元的位置。"
    ),
    "learn.weights_caption_states": (
        "状态 A 和状态 B 对各源位置的读取权重，分别用训练开始时的打分函数和现在的打分函数：同一个打分函数 φ，"
        "两个状态。没有人告诉它在哪个状态该读哪个位置。权重并不等于因果上的重要性。"
    ),
    "learn.loss_caption_states": (
        "{targets} 的损失之和 $-\\log p(y_A \\mid c_A) - \\log p(y_B \\mid c_B)$ 随步数的变化（第 0 步：初始的打分"
        "函数）。它不必降到 0：输出层固定时，即使最好的读取也会给其他词元留下一些概率。两个手工设定的状态，源向量"
        "固定：这是一个玩具，不是翻译模型的训练曲线。"
    ),
    "learn.train_caption_states": (
        "任何地方都没有给出对齐标签：唯一的监督是每个状态上哪个目标词元正确。损失的每一项都把同一个打分函数 φ 拉向"
        "在自己的状态上读取自己目标所对应的位置。打分函数能同时满足两者，是因为 s 在 tanh 内部进入分数：去掉 tanh"
        "（页面 3），A 和 B 的读取就永远相同。这是一个玩具：两个手工设定的状态，源向量和输出层固定，只对 φ 做梯度"
        "下降。"
    ),
    "learn.reads_now": (
        "用第 {n} 步的打分函数，状态 A（s = −1）读得最多的是 **{a}**（α = {wa}），状态 B（s = +1）读得最多的是 "
        "**{b}**（α = {wb}）。"
    ),
    "learn.reads_apart": "同一个打分函数，两种不同的读取：不同的只有状态。",
    "learn.reads_same": "两个状态读得最多的是同一个位置。",
    "learn.reads_one_state": (
        "本次训练只在一个状态上进行，所以没有什么要求打分函数在别处读得不同；同时在状态 A 和 B 上训练，就能在两处"
        "各要求一个不同的词元。"
    ),
    "learn.reads_as_asked": "每个状态都读取与自己目标词元绑定的位置，尽管从未指明过任何位置。",
    "learn.params": "显示打分函数的参数 φ（开始时和现在）",
    "learn.col_param": "参数",
    "learn.col_start": "开始",
    "learn.col_now": "现在",
    "learn.col_change": "变化",
    "learn.apply": "在每个页面上使用训练后的打分函数",
    "learn.apply_help": "把训练后的 W、U、v、b 复制到共享的打分函数（以及链接）中。",
    "learn.apply_note": (
        "之后每个页面都用训练后的打分函数读取，链接也会带上它。它只在一个状态上训练过，所以在其他状态上的读取可能"
        "与我们示例的打分函数大不相同；侧边栏的“恢复为我们的示例”会恢复示例的打分函数。"
    ),
    "learn.apply_note_states": (
        "之后每个页面都用训练后的打分函数读取，链接也会带上它。它只在 A 和 B 上训练过，所以在其他状态上的读取可能"
        "与我们示例的打分函数大不相同；侧边栏的“恢复为我们的示例”会恢复示例的打分函数。"
    ),
    "learn.applied": "现在每个页面都使用训练了 {n} 步的打分函数；“梯度核对”标签页中的核对也使用它。",
    "learn.apply_failed": "无法共享训练后的打分函数：{reason}。",
    # --- sequence loss ------------------------------------------------------------------------------
    "learn.seq_header": "从一步到一句：序列损失",
    "learn.seq_lead": (
        "翻译模型不是只在一步上训练的。对一个源序列 $x$ 及其目标 $y_1, \\dots, y_U$（共 $U$ 个目标词元；"
        "$\\theta$ 表示所有可训练参数，打分函数的 $\\varphi$ 也在其中），损失对每个目标步加一项，梯度也是如此："
    ),
    "learn.seq_one_term": (
        "“训练”标签页中训练的损失是其中一项 $L_t$ 的玩具形式。它的状态 $s$ 代表 $s_{t-1}$，"
        "在真实的解码器中，$s_{t-1}$ 携带"
        "它已读到的 $x$ 和之前的目标词元 $y_{<t}$；它的输出层只根据 $c_t$ 预测 $y_t$，而页面 6 的玩具翻译器还会"
        "用到 $s_t$ 和 $y_{t-1}$。同时在 A 和 B 上训练就是加上两个这样的项，正如求和为每个目标步加一项；不过我们的"
        "两个状态是手工设定的，而解码器会由前一步算出每个 $s_t$。"
    ),
    "learn.seq_forcing": (
        "每一项里放入哪些之前的词元 $y_{<t}$？训练时放真实的词元，即使模型本会预测出别的：这就是教师强制，它揭示的"
        "是过去，从不揭示正在预测的词元。翻译时没有真实的目标，所以解码器改为输入自己之前的预测。页面 6 在你选的"
        "句子上逐步计算这两种情形。"
    ),
    "learn.seq_link": "页面 6：玩具翻译器上的训练与翻译",
}

FR: dict[str, str] = {
    "learn.tab_check": "Vérification du gradient",
    "learn.tab_train": "Entraînement",
    "learn.tab_derivation": "Dérivation",
    "learn.tab_sequence": "Perte de séquence",
    "learn.lead": (
        "Un modèle entraîné trouve les paramètres $\\varphi = (W, U, v, b)$ de la fonction de score à partir de sa "
        "seule perte de prédiction, sans aucune étiquette indiquant de quelle position source vient un mot cible : "
        "suivez le gradient de cette perte à rebours à travers une lecture, vérifiez-le composante par composante, "
        "puis entraînez la fonction de score."
    ),
    # --- derivation ---------------------------------------------------------------------------------
    "learn.derivation_header": "Le gradient à travers une lecture",
    "learn.derivation_lead": (
        "Fixons les sources $h_j$ et notons $g = \\partial L/\\partial c_t$ le gradient que le reste du modèle "
        "renvoie au contexte ; la Softmax et la somme pondérée donnent la sensibilité de la lecture à un score "
        "($\\delta_{kj} = 1$ si $k = j$, 0 sinon) :"
    ),
    "learn.derivation_chain": "Par la règle de dérivation en chaîne, le gradient par rapport à un score :",
    "learn.derivation_sum": (
        "Les gradients des scores ont une somme nulle, car augmenter tous les scores d'autant ne change rien ; "
        "$\\partial L/\\partial e_{tj}$ est négatif (augmenter $e_{tj}$ fait baisser $L$) quand rapprocher $c_t$ "
        "de $h_j$ va contre $g$."
    ),
    "learn.derivation_onward": (
        "Puis, plus loin, vers les paramètres partagés et l'état, à travers $e_{tj} = v^\\top \\tanh(a_{tj})$ avec "
        "$a_{tj} = W h_j + U s_{t-1} + b$ :"
    ),
    "learn.derivation_no_tanh": (
        "Sans tanh, tout gradient qui porte l'état a une somme nulle, donc $\\partial L/\\partial U$, "
        "$\\partial L/\\partial b$ et $\\partial L/\\partial s_{t-1}$ valent exactement 0 : une telle fonction de "
        "score ne pourrait pas apprendre à dépendre de l'état."
    ),
    "learn.derivation_scope": (
        "Une seule lecture, sources fixées : l'entraînement complet se poursuit dans l'encodeur qui a produit les "
        "$h_j$ et mêle de nombreux pas de la cible et de nombreux exemples."
    ),
    # --- gradient check -----------------------------------------------------------------------------
    "learn.check_header": "Chaque composante vérifiée par différences finies",
    "learn.check_lead": (
        "Pour la perte sonde $L = g^\\top c_t$ (donc $\\partial L/\\partial c_t = g$, réglé ci-dessous), le tableau "
        "compare chaque composante analytique, à l'état choisi, à une différence finie centrée de $L$, affinée par "
        "extrapolation de Richardson."
    ),
    "learn.g1": "g₁ = ∂L/∂c₁",
    "learn.g2": "g₂ = ∂L/∂c₂",
    "learn.g_help": "Le gradient amont que le reste du modèle renvoie dans le vecteur de contexte. "
    "Notre exemple utilise g = (1, -0.5).",
    "learn.field_g1": "Gradient amont g₁",
    "learn.field_g2": "Gradient amont g₂",
    "learn.bad_empty": "le champ est vide",
    "learn.bad_number": "il faut un nombre fini, pas {value}",
    "learn.bad_range": "il faut un nombre de {lo} à {hi}, pas {value}",
    "learn.bad_positive": "il faut un nombre supérieur à {lo} et au plus égal à {hi}, pas {value}",
    "learn.bad_whole": "il faut un nombre entier de {lo} à {hi}, pas {value}",
    "learn.probe_value": "En $s = {s}$ : $c = ({c1}, {c2})$ et $L = g^\\top c$ = **{L}**.",
    "learn.col_entry": "composante",
    "learn.col_analytic": "analytique",
    "learn.col_numeric": "différence finie",
    "learn.col_rel": "erreur relative",
    "learn.col_pass": "≤ 1e-6",
    "learn.col_entry_help": (
        "∂L/∂eⱼ pour chaque position source j, chaque composante de W, U, v et b (ligne, colonne), puis s."
    ),
    "learn.col_rel_help": (
        "|analytique − numérique| / max(|analytique|, |numérique|, 1e-3·max(1, |L|)). Ce plancher juge les "
        "composantes proches de zéro à l'échelle de la perte elle-même."
    ),
    "learn.largest_mark": "◀",
    "learn.largest_help": "La composante dont l'erreur relative est la plus grande.",
    "learn.col_pass_help": "L'erreur relative de cette composante est-elle d'au plus 1e-6 ?",
    "learn.check_passed": (
        "Les {n} composantes concordent à 1e-6 près : la plus grande erreur relative est **{worst}** (en {entry}, "
        "marquée ◀)."
    ),
    "learn.check_failed": (
        "{bad} composantes sur {n} dépassent 1e-6 ; la plus grande erreur relative est **{worst}** (en {entry}, "
        "marquée ◀) : avec de très grandes valeurs, les différences finies perdent leur précision dans les arrondis."
    ),
    "learn.sum_scores": "$\\sum_j \\partial L/\\partial e_{{tj}}$ = **{total}** (en virgule flottante : {exact}).",
    "learn.de_title": "∂L/∂eⱼ",
    "learn.de_caption": (
        "$\\partial L/\\partial e_j$ de la perte sonde au $s$ actuel : une barre négative signifie qu'augmenter ce "
        "score ferait baisser $L$ ; elle ne dit pas quel mot compte pour une traduction."
    ),
    "learn.state_moves_read": (
        "Déplacer l'état déplace la lecture de $dc/ds = ({dc1}, {dc2})$ par unité de $s$, donc "
        "$\\partial L/\\partial s = g^\\top dc/ds$ = **{ds}** (la dernière ligne du tableau)."
    ),
    "learn.no_tanh_state": (
        "Sans tanh, chaque composante de $\\partial L/\\partial U$, $\\partial L/\\partial b$ et "
        "$\\partial L/\\partial s$ calculée à cet état vaut au plus {worst} en valeur absolue : l'arrondi d'un 0 "
        "exact."
    ),
    # --- training -----------------------------------------------------------------------------------
    "learn.train_header": "Entraîner la fonction de score avec la seule perte de prédiction",
    "learn.train_lead": (
        "Une couche de sortie miniature fixe, liée aux sources (logit $h_k^\\top c_t$ pour le jeton cible $k$), "
        "prédit un jeton cible ; chaque pas renvoie le $g = \\partial L/\\partial c_t$ de la perte d'entropie "
        "croisée à travers la lecture et ne modifie que $\\varphi$, tandis que les sources, l'état $s$ et la couche "
        "de sortie restent fixes."
    ),
    "learn.tied_labels": (
        "Les jetons source ne sont pas I / like / cats : les jetons cibles portent donc le nom des positions source "
        "auxquelles ils sont liés."
    ),
    "learn.translation_of": "traduction de {token}",
    "learn.target": "Jeton cible correct $y_t$",
    "learn.target_help": "La seule supervision : quel jeton cible est correct. Aucune position source n'est désignée.",
    "learn.states": "Entraîner à",
    "learn.states_s": "l'état s ci-dessus",
    "learn.states_AB": "les états A et B ensemble",
    "learn.states_help": (
        "À un seul état, la fonction de score n'a qu'à faire lire à cet état la position liée à son jeton cible. "
        "À A (s = −1) et B (s = +1) ensemble, la perte ajoute un terme par état, chacun avec son propre jeton "
        "correct : quand les deux jetons diffèrent, l'unique jeu de paramètres φ est tiré vers une lecture "
        "différente à chaque état."
    ),
    "learn.bad_states": "il faut l'une des valeurs {options}, pas « {value} »",
    "learn.target_at": "Jeton cible correct en {state} (s = {s})",
    "learn.states_formula": (
        "Chaque état lit son propre contexte $c_n$ avec le même $\\varphi$ et renvoie son propre $g_n$ à travers "
        "sa propre lecture ; le gradient de la fonction de score est la somme des deux, "
        "$\\partial L/\\partial\\varphi = \\partial L_A/\\partial\\varphi + \\partial L_B/\\partial\\varphi$."
    ),
    "learn.lr": "Taux d'apprentissage η",
    "learn.lr_help": "La taille de chaque pas de gradient, φ ← φ − η ∂L/∂φ (de 0 à 10, 0 exclu).",
    "learn.steps": "Nombre de pas N",
    "learn.steps_help": "Combien de pas fait le bouton « Lancer N pas » (de 1 à 500).",
    "learn.field_lr": "Taux d'apprentissage η",
    "learn.field_steps": "Nombre de pas N",
    "learn.step": "Un pas",
    "learn.step_help": "Un pas de descente de gradient sur φ.",
    "learn.run": "Lancer N pas",
    "learn.run_help": "N pas de descente de gradient sur φ, l'un après l'autre.",
    "learn.reset": "Recommencer",
    "learn.reset_help": "Repartir de la fonction de score partagée (celle qu'utilise chaque écran).",
    "learn.running": "Pas {done} sur {total}",
    "learn.limit": (
        "Cet entraînement a atteint {limit} pas, le maximum qu'un entraînement conserve. « Recommencer » le "
        "relance à partir de zéro."
    ),
    "learn.restarted": (
        "L'entraînement est reparti de la fonction de score partagée, car ceci a changé : {what}. Un entraînement "
        "appartient à ses états, à leurs jetons cibles et à un jeu de sources."
    ),
    "learn.what.target": "le jeton cible",
    "learn.what.states": "les états d'entraînement",
    "learn.what.s": "l'état du décodeur s",
    "learn.what.sources": "les sources",
    "learn.what.scorer": "la fonction de score partagée",
    "learn.list_sep": ", ",
    "learn.status": "Après **{n}** pas : perte $L = -\\log p(y_t \\mid c_t)$ = **{loss}** (elle valait {start} au pas "
    "0) ; p({token} | $c_t$) = **{p}**.",
    "learn.status_states": "Après **{n}** pas : perte L = **{loss}** (elle valait {start} au pas 0) ; {ps}.",
    "learn.p_of": "p({token} | $c_{state}$) = **{p}**",
    "learn.goal": "{state} → {token}",
    "learn.weights_title": "poids αⱼ",
    "learn.data_when": "moment",
    "learn.data_weight": "poids",
    "learn.data_state": "état",
    "learn.data_loss": "perte",
    "learn.group_start": "départ (pas 0)",
    "learn.group_now": "maintenant (pas {n})",
    "learn.group_start_at": "{state} : départ",
    "learn.group_now_at": "{state} : maintenant",
    "learn.weights_caption": (
        "Les poids à l'état choisi, avec la fonction de score de départ et avec l'actuelle : personne n'a désigné de "
        "position, ils ont bougé parce que la lire fait baisser la perte de ce jouet (un poids n'est pas une "
        "importance causale)."
    ),
    "learn.loss_title": "perte L",
    "learn.loss_x": "pas",
    "learn.loss_caption": (
        "La perte $-\\log p(y_t \\mid c_t)$ pour {token}, pas après pas (0 : la fonction de score de départ) ; elle "
        "n'a pas à atteindre 0, car avec la couche de sortie fixée, même la meilleure lecture laisse un peu de "
        "probabilité aux autres jetons."
    ),
    "learn.p_title": "p(y | c)",
    "learn.p_caption": (
        "La distribution de la couche de sortie sur les jetons cibles (chacun dans la couleur de la position source "
        "à laquelle il est lié), et non les poids sur les positions source."
    ),
    "learn.p_at": "à l'état {state}",
    "learn.p_caption_states": (
        "La distribution actuelle de la couche de sortie sur le vocabulaire cible, en A et en B, chacune issue de "
        "son propre contexte. Chaque jeton cible a la couleur de la position source à laquelle il est lié. Ce sont "
        "des distributions sur les jetons cibles, pas les poids de lecture."
    ),
    "learn.train_caption": (
        "La seule supervision était le jeton cible correct : la perte baisse parce que la fonction de score apprend "
        "à lire la position que la couche de sortie liée associe à ce jeton."
    ),
    "learn.weights_caption_states": (
        "Les poids de lecture sur les positions source à l'état A et à l'état B, avec la fonction de score d'où "
        "l'entraînement est parti et avec l'actuelle : une seule fonction de score φ, deux états. Personne n'a dit "
        "quelle position lire, ni à l'un ni à l'autre. Un poids n'est pas une importance causale."
    ),
    "learn.loss_caption_states": (
        "La perte sommée $-\\log p(y_A \\mid c_A) - \\log p(y_B \\mid c_B)$ pour {targets}, après chaque nombre de "
        "pas (pas 0 : la fonction de score de départ). Elle n'a pas à atteindre 0 : avec la couche de sortie fixée, "
        "même les meilleures lectures laissent un peu de probabilité aux autres jetons. Deux états fixés à la main, "
        "sources fixes : un jouet, pas la courbe d'entraînement d'un modèle de traduction."
    ),
    "learn.train_caption_states": (
        "Aucune étiquette d'alignement n'a été donnée nulle part : la seule supervision est le jeton cible correct "
        "à chaque état. Chaque terme de la perte tire l'unique fonction de score φ vers la lecture de la position de "
        "sa propre cible, à son propre état. La fonction de score peut servir les deux parce que s entre dans les "
        "scores à l'intérieur du tanh : sans tanh (écran 3), A et B liraient toujours de la même façon. Un jouet : "
        "deux états fixés à la main, les sources et la couche de sortie fixes, une descente de gradient sur φ seul."
    ),
    "learn.reads_now": (
        "Avec la fonction de score du pas {n}, l'état A (s = −1) lit surtout **{a}** (α = {wa}) et l'état B "
        "(s = +1) lit surtout **{b}** (α = {wb})."
    ),
    "learn.reads_apart": "Une seule fonction de score, deux lectures différentes : seul l'état diffère.",
    "learn.reads_same": "Les deux états lisent surtout la même position.",
    "learn.reads_one_state": (
        "Cet entraînement ne porte que sur un état : rien ne demande à la fonction de score de lire autrement "
        "ailleurs ; entraînez aux états A et B ensemble pour demander un jeton différent à chacun."
    ),
    "learn.reads_as_asked": (
        "Chacun lit la position liée à son propre jeton cible, alors qu'aucune position n'a jamais été désignée."
    ),
    "learn.params": "Afficher les paramètres φ de la fonction de score, au départ et maintenant",
    "learn.col_param": "paramètre",
    "learn.col_start": "départ",
    "learn.col_now": "maintenant",
    "learn.col_change": "variation",
    "learn.apply": "Utiliser la fonction de score entraînée sur chaque écran",
    "learn.apply_help": "Copier W, U, v, b entraînés dans la fonction de score partagée (et dans le lien).",
    "learn.apply_note": (
        "Chaque écran lit alors avec la fonction de score entraînée, et le lien la transporte. Elle n'a été "
        "entraînée qu'à un seul état : à d'autres états, elle peut lire tout autrement que la fonction de score de "
        "notre exemple ; « Revenir à notre exemple », dans la barre latérale, rétablit celle-ci."
    ),
    "learn.apply_note_states": (
        "Chaque écran lit alors avec la fonction de score entraînée, et le lien la transporte. Elle n'a été "
        "entraînée qu'aux états A et B : à d'autres états, elle peut lire tout autrement que la fonction de score "
        "de notre exemple ; « Revenir à notre exemple », dans la barre latérale, rétablit celle-ci."
    ),
    "learn.applied": (
        "Chaque écran utilise désormais la fonction de score entraînée pendant {n} pas ; la vérification du "
        "gradient, dans son onglet, aussi."
    ),
    "learn.apply_failed": "La fonction de score entraînée n'a pas pu être partagée : {reason}.",
    # --- sequence loss ------------------------------------------------------------------------------
    "learn.seq_header": "D'un pas à une phrase : la perte de séquence",
    "learn.seq_lead": (
        "Un modèle de traduction ne s'entraîne pas sur un seul pas. Pour une source $x$ et sa cible "
        "$y_1, \\dots, y_U$ ($U$ jetons cibles ; $\\theta$ regroupe tous les paramètres entraînables, dont le "
        "$\\varphi$ de la fonction de score), la perte ajoute un terme par pas de la cible, et son gradient aussi :"
    ),
    "learn.seq_one_term": (
        "La perte entraînée dans l'onglet Entraînement est un terme $L_t$ sous une forme miniature. Son état $s$ "
        "tient lieu de "
        "$s_{t-1}$, qui, dans un vrai décodeur, porte ce qu'il a lu de $x$ et des jetons cibles précédents "
        "$y_{<t}$ ; et sa couche de sortie prédit $y_t$ à partir de $c_t$ seul, là où le traducteur miniature de "
        "l'écran 6 utilise aussi $s_t$ et $y_{t-1}$. Entraîner à A et B ensemble ajoute deux tels termes, comme la "
        "somme en ajoute un par pas de la cible ; mais nos deux états sont fixés à la main, là où un décodeur "
        "calcule chaque $s_t$ à partir du pas précédent."
    ),
    "learn.seq_forcing": (
        "Quels jetons précédents $y_{<t}$ entrent dans chaque terme ? À l'entraînement, les vrais, même là où le "
        "modèle aurait prédit autre chose : c'est le forçage par l'enseignant (teacher forcing), qui révèle le "
        "passé, jamais le jeton à prédire. En traduction, aucune vraie cible n'existe : le décodeur reçoit donc ses "
        "propres prédictions précédentes. L'écran 6 calcule les deux, pas à pas, sur une phrase de votre choix."
    ),
    "learn.seq_link": "Écran 6 : entraînement et traduction sur le traducteur miniature",
}
