"""Messages of the home page."""

EN: dict[str, str] = {
    "home.lead": (
        "Among everything a translator could consult, which parts of the source sentence should it use "
        "for the word it is about to write? Bahdanau, Cho and Bengio (2014) let the model decide anew at "
        "every step: **compare** its current state with every source position, **normalise** the scores "
        "with Softmax, and **read** a context vector as the weighted sum. This dashboard lets you operate "
        "each of those steps on numbers its numeric core computes. Attention reached machine learning by more "
        "than one route (visual attention, for one, selected image regions one after another: Mnih et al., "
        "2014); this dashboard follows the translation route."
    ),
    "home.route": "The route",
    "home.step1": "An encoder squeezes the sentence into one vector that every decoder step "
    "receives, against a new reading at every step.",
    "home.step2": "The three operations, compare, normalise and read, as three visible "
    "stages, and the context moving inside the triangle of the sources.",
    "home.step3": "The additive (tanh) scorer with its parts editable, and why removing tanh makes the "
    "state's influence vanish.",
    "home.step4": "Move the decoder state across an interval and watch each weight respond; "
    "soft reading moves continuously, hard selection jumps.",
    "home.step5": "The gradient through one read, checked against finite differences, and gradient "
    "descent that learns where to look from the prediction loss alone.",
    "home.step6": "Five small translators trained end to end (Bahdanau's, Luong et al.'s three, a fixed summary): "
    "translations, alignments emerging without labels, the summary failing on long sentences, readings overridden.",
    "home.step7": "The same weights for two sentences that mean different things, hard selection without a "
    "gradient, and global attention scoring every source position at every step.",
    "home.step8": "Which positions each step may use, then the article's closing questions on our example: "
    "scoring keys while reading values, and every position asking its own question.",
    "home.example_fold": "Our example's weights at a glance (the walkthrough asks you to predict them first)",
    "home.example_caption": (
        "Our example's weights $\\alpha_j$ over the three source positions at states A ($s = -1$) and B "
        "($s = +1$), with tanh and with tanh removed (then both read 1/3 each); the states are constructed "
        "numbers, not decoder steps, and a weight is not a word's causal importance."
    ),
    "home.not": "What this is not",
    "home.not_text": (
        "- Not a trained translator's real alignment: our example's sources and parameters are chosen by hand, to "
        "have every property the article describes.\n"
        "- The decoder states are schematic: s is a number you set, not the output of a decoder.\n"
        "- Attention weights are not next-token probabilities, and a large weight is not the whole causal story."
    ),
    "home.group": "state",
    "home.tanh": "tanh",
    "home.tanh_removed": "tanh removed",
    "home.weight": "weight",
}
