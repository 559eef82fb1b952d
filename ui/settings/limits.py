"""Screen 7's link settings: the café question and its goal, the score moved and by how much, the lengths and the
window of the cost comparison, and the open tab."""

from __future__ import annotations

from core import selecting
from ui import codec
from ui.links import Binding, choice, number, position, switch

LIM_ACTION_RANGE = (0.0, 6.0)  # the question's weight on the action phrase
LIM_SHIFT_RANGE = (-4.0, 4.0)  # added to one score e_k
LIM_LENGTH_RANGE = (1, 60)  # source and target lengths T, T'
LIM_D_RANGE = (0, 20)  # the local window's half-width D


LIM_GOAL = Binding("lim_goal", "follow", choice(selecting.CAFE_GOALS))
LIM_QUESTION = Binding("lim_question", "where", choice(selecting.QUESTIONS))
LIM_NOT = switch("lim_not")
LIM_ACTION = Binding("lim_action", 0.0, number(*LIM_ACTION_RANGE), codec.format_number)
LIM_POSITION = position("lim_k", 1)  # the score moved
LIM_SHIFT = Binding("lim_shift", 0.0, number(*LIM_SHIFT_RANGE), codec.format_number)
LIM_T = Binding("lim_T", 20, number(*LIM_LENGTH_RANGE, whole=True), codec.format_number)
LIM_TP = Binding("lim_Tp", 20, number(*LIM_LENGTH_RANGE, whole=True), codec.format_number)
LIM_D = Binding("lim_D", 2, number(*LIM_D_RANGE, whole=True), codec.format_number)
LIM_TABS = ("select", "hard", "work")  # screen 7's parts, one a tab, in the link
LIM_TAB = Binding("lim_tab", LIM_TABS[0], choice(LIM_TABS))
