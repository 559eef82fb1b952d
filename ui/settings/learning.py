"""Screen 5's link settings: the probe's gradient g, the training run's rate, steps, targets and states, and the
open tab (the walkthrough's learning steps use the probe, the rate and the first target)."""

from __future__ import annotations

from core.example import PROBE_G
from ui import codec
from ui.links import Binding, checked_number, choice, number, position, switch

G_LIMIT = 1000.0  # |g_i| the probe accepts
LR_LIMIT = 10.0
STEPS_LIMIT = 500  # steps one press of Run takes


def check_g(x: object) -> float:
    return checked_number(x, -G_LIMIT, G_LIMIT)


def check_lr(x: object) -> float:
    return checked_number(x, 0.0, LR_LIMIT, open_low=True)


def check_steps(x: object) -> float:
    return checked_number(x, 1, STEPS_LIMIT, whole=True)


LEARN_G = tuple(  # the probe's g, the example's by default
    Binding(f"learn_g{k + 1}", g, number(-G_LIMIT, G_LIMIT), codec.format_number) for k, g in enumerate(PROBE_G)
)
LEARN_LR = Binding("learn_lr", 0.5, number(0.0, LR_LIMIT, open_low=True), codec.format_number)
LEARN_STEPS = Binding("learn_steps", 100, number(1, STEPS_LIMIT, whole=True), codec.format_number)
LEARN_TARGET = position("learn_target", 2)  # 猫: A reads mostly "I"
TRAINING_STATES = ("s", "AB")  # train at the state s, or at the example's states A and B together


LEARN_STATES = Binding("learn_states", TRAINING_STATES[0], choice(TRAINING_STATES))
LEARN_TARGET_B = position("learn_target_b", 0)  # 我: B reads mostly "cats"
LEARN_PARAMS = switch("learn_params")  # the table of the scorer's parameters shown
LEARN_TABS = ("train", "derivation", "sequence", "check")  # the screen's parts, one a tab, in the link
LEARN_TAB = Binding("learn_tab", LEARN_TABS[0], choice(LEARN_TABS))
