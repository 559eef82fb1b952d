"""Messages shared by every screen: navigation, state, charts."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    "app.title": "How does a model decide where to look?",
    "nav.home": "Home",
    "nav.fixed_summary": "1 · Fixed summary",
    "nav.revisitable": "2 · Revisitable source",
    "nav.scoring": "3 · Scoring",
    "nav.sweep": "4 · State sweep",
    "nav.learning": "5 · Learning",
    "nav.translator": "6 · Toy translator",
    "nav.limits": "7 · What attention is not",
    "nav.language": "Language",
    "lang.unknown": "'{value}' is not a language of this dashboard; it speaks {known}",
    "nav.self_attention": "8 · Masks and self-attention",
    "nav.reset": "Reset to our example",
    "nav.reset_help": "Restore the worked example's sources, scorer and state on every screen.",
    "nav.share": "The address bar holds a link to exactly this view: copy it to share it.",
    "nav.current": (
        "Shared by the screens that read at a state: s = {s}, the sources {tokens}, dₐ = {d_a} scorer units."
    ),
    "state.bad_group": "The link's {group} could not be used ({reason}); our example is shown instead.",
    "state.bad_view": "The link's setting '{name}' could not be used ({reason}); its default is shown instead.",
    "state.adjusted_view": (
        "The link's setting '{name}' is out of range ({reason}); the nearest allowed value, {value}, is shown instead."
    ),
    "state.repeated": "The link gives '{name}' {n} times; the last one, '{value}', is used.",
    "state.unknown": "The link carries settings this dashboard does not have, left out: {names}.",
    "state.unknown_more": Plural(
        "The link carries settings this dashboard does not have, left out: {names} and {more} more setting.",
        "The link carries settings this dashboard does not have, left out: {names} and {more} more settings.",
        "more",
    ),
    "link.clamped": "{value} is not from {lo} to {hi}",
    "link.bad_choice": "expected one of {names}, got '{value}'",
    "link.bad_switch": "expected 0 or 1, got '{value}'",
    "state.group.sources": "sources",
    "state.group.scorer": "scorer parameters",
    "chart.numbers": "Take home: numbers and handout",
    "chart.numbers_help": "A printable handout of this view, the worked example as JSON or CSV, and every chart's "
    "numbers as CSV.",
    "chart.numbers_title": "Take home what this view shows",
    "export.handout": "Handout of this view (HTML)",
    "export.handout_help": "One page to print or keep: the link to this view, the equations, the sources and scorer, "
    "and every chart of this screen with its caption and numbers. The charts are drawn from the same specifications "
    "as on screen.",
    "export.example_json": "Worked example (JSON)",
    "export.example_csv": "Worked example (CSV)",
    "export.example_help": "Our worked example as data: its sources and scorer, states A and B with their scores, "
    "weights and contexts, the weights with tanh removed and the gradient check; the CSV holds the same numbers, one "
    "row each. It does not follow your edits to the sources or scorer (the handout does).",
    "export.charts": "Each chart's numbers, in the order of the screen (point at one for its caption)",
    "export.chart_csv": "Chart {k} (CSV)",
    "handout.link": "This view:",
    "handout.equations": "The equations",
    "handout.state": "The shared sources and scorer",
    "handout.charts": "Charts of this screen",
    "handout.coordinate": "coordinate {i}",
    "handout.unit": "scorer unit",
    "handout.column": "column {i}",
    "handout.more_rows": "… and {n} more rows (the CSV of this chart has them all).",
    "handout.footer": (
        "Every number was computed by the dashboard's numeric core for this view: live from its settings, the toy "
        "translator's from the stored checkpoints."
    ),
    "handout.lang": "en",
    "handout.eq_score": "score:  eₜⱼ = vᵀ tanh(W hⱼ + U sₜ₋₁ + b)",
    "handout.eq_weights": "weights:  αₜⱼ = exp(eₜⱼ) / Σₖ exp(eₜₖ)",
    "handout.eq_context": "context:  cₜ = Σⱼ αₜⱼ hⱼ",
    "handout.eq_state": "decoder state of this view:  s = {s}",
    "chart.description": Plural("The numbers drawn, {n} row:", "The numbers drawn, {n} rows:"),
    "chart.aria_x": "Horizontal axis: {title}",
    "chart.aria_x_untitled": "Horizontal axis",
    "chart.aria_y": "Vertical axis: {title}",
    "chart.aria_y_untitled": "Vertical axis",
    "chart.aria_legend": "Legend: {title}",
    "chart.aria_legend_untitled": "Legend",
    "chart.aria_field": "{title}: {shown}",  # a mark's field as a screen reader says it
    "chart.aria_fields": "{first}; {last}",  # a mark's fields, one after the other
    "chart.scrubbed": "It follows its slider; each mark is labelled with its own numbers at the slider's value.",
    # --- the charts' names, as a fold under a chart names it (ui.layout.under_chart) ----------------------
    "figure.accuracy_by_length": "exact match by sentence length",
    "figure.alignment": "the weights as a heatmap",
    "figure.alignment_lines": "the weights as lines",
    "figure.annotation_visibility": "what each annotation sees",
    "figure.annotations_and_summary": "the annotations and the fixed summary",
    "figure.attention_weights": "the weights at each step",
    "figure.cafe_weights": "the café sentence's weights",
    "figure.context_path": "the context's path",
    "figure.contexts_across_steps": "the context at each step",
    "figure.decoder_visibility": "what each decoder step sees",
    "figure.identical_sources_plane": "identical sources in the plane",
    "figure.identical_sources_weights": "the weights over identical sources",
    "figure.learning_curves": "every model over training",
    "figure.live_alignment": "the live run's weights",
    "figure.live_loss": "the live run's loss",
    "figure.loss_curve": "the loss over training",
    "figure.notebook_contexts": "the notebook sentence's contexts",
    "figure.notebook_weights": "the notebook sentence's weights",
    "figure.raw_read_plane": "the raw-score read in the plane",
    "figure.raw_weights": "raw scores as weights",
    "figure.score_gradients": "the gradient check",
    "figure.scored_pairs": "the pairs scored",
    "figure.scorer_parts": "the scorer's parts",
    "figure.scores": "the scores",
    "figure.scores_by_length": "scores against source length",
    "figure.self_attention_weights": "the self-attention weights",
    "figure.sequence_loss_by_step": "the loss at each step",
    "figure.soft_and_hard": "soft and hard reading",
    "figure.soft_and_hard_loss": "the soft and hard losses",
    "figure.soft_and_hard_slope": "the soft and hard slopes",
    "figure.sources_and_context": "the sources and the context",
    "figure.states_with_and_without_f": "the scorer with and without its nonlinearity",
    "figure.sweep_weights": "the weights across states",
    "figure.target_probabilities": "the target words' probabilities",
    "figure.training_loss": "the training loss",
    "figure.weights": "the weights",
    "figure.weights_at_two_states": "the weights at two states",
    "figure.weights_before_and_after_gradient_steps": "the weights before and after training",
    "figure.weights_start_and_now": "the weights at the start and now",
    "figure.worked_example_weights": "our example's weights",
    "figure.whatif_weights": "one step's weights, own and overridden",
    "figure.luong_scores": "Luong et al.'s scores",
    "figure.shift_scores": "scores shifted together",
    "figure.shift_weights": "the weights of shifted scores",
    "figure.key_value_weights": "the weights over keys",
    "figure.keys_values_plane": "keys and values in the plane",
    "figure.hard_weights": "hard selection's weights",
    "field.error": "{field}: {problem}. The last valid values are still shown.",
    "field.position": "position",
    "field.label": "point",
    "field.token": "token",
    "weight": "weight α",
    "score": "score e",
}

EN |= {
    "widget.state": "Decoder state $s$ (a constructed scalar, not an executed decoder step)",
    "widget.state_help": "The same state on every screen. A = -1 and B = +1 are the article's two states.",
    "widget.state_a": "A: s = -1",
    "widget.state_b": "B: s = +1",
    "widget.state_a_help": "Set the article's state A.",
    "widget.state_b_help": "Set the article's state B.",
    "widget.sources": "Sources table",
    "widget.scorer": "Scorer table",
    "widget.edits_dropped": (
        "{field}: an edit named a row or a column the table does not have; the table is back to the values it "
        "opened with."
    ),
    "widget.token": "token",
    "widget.forged": (
        "The page was sent a value that none of its controls offers; it was ignored, and the last valid values are "
        "still shown."
    ),
    "widget.too_long": (
        "The page was sent a text that is too long: a field takes at most {most:,} characters. It was not read, and "
        "the last valid values are still shown."
    ),
    "widget.too_long_in": (
        "The text in “{field}” is too long: a field takes at most {most:,} characters. It was not read, and the last "
        "valid values are still shown."
    ),
    "widget.no_rows": "it needs at least one row",
    "widget.bad_cell": "row {row}, column {column}: '{value}' is not a number",
    "widget.empty_cell": "row {row}, column {column} is empty or not a finite number",
    "widget.huge_cell": "row {row}, column {column} is larger than {limit} in size",
    "widget.bad_token": "row {row}: the token must be one word (no spaces, not empty)",
    "codec.not_number": "'{value}' is not a number",
    "codec.not_finite": "'{value}' is not a finite number",
    "codec.too_long": "too long ({n} characters)",
    "codec.empty": "empty",
    "codec.too_many_rows": "{n} rows, at most {most} allowed",
    "codec.ragged": "rows of different lengths {lengths}",
    "codec.too_many_columns": "more than {most} columns",
    "codec.one_row": "expected one row of numbers separated by commas",
    "codec.no_words": "no words",
    "codec.too_many_words": "{n} words, at most {most} allowed",
    "codec.long_word": "a word longer than {most} characters",
    "check.rows_for_tokens": "H: {rows} rows for {tokens} tokens",
    "check.max_positions": "H: at most {most} positions, got {got}",
    "check.too_large": "{name}: entries must be at most {most} in size",
    "check.w_columns": "W: expected 2 columns (dₕ = 2), got {got}",
    "check.u_columns": "U: expected 1 column (the state s is a scalar), got {got}",
    "check.max_units": "W: at most {most} rows (dₐ), got {got}",
    "check.state_range": "s: expected a number from {lo} to {hi}, got {got}",
    "check.shape_got": (
        "{name}: expected shape {expected}, got {got} (H has 2 columns; W has 2 columns and one row a scorer unit, "
        "as U, v and b have)"
    ),
    "check.length": "{name}: its {symbol} must match {first}'s ({symbol} = {n}), got {got}",
    "check.finite": "{name}: expected finite numbers, got {bad}",
    "check.shape": "{name}: the shapes do not fit (H has 2 columns; W has 2 columns and one row a scorer unit, as U, v "
    "and b have)",
}
