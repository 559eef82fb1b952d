"""Messages of a class in the room (prefix ``class.``): starting and joining a class, following the teacher, the
class's questions on the projector and on the students' devices, and the store's refusals."""

from ui.catalog import Plural

EN: dict[str, str | Plural] = {
    # --- starting and joining ---------------------------------------------------------------------------------
    "class.heading": "Teach with a class",
    "class.intro": (
        "A teacher starts a class from a projector; students join with its code or by scanning its QR code. Their "
        "screens follow the teacher's step, and each step's question is answered on their phones before the "
        "projector reveals it. No names: each student is an anonymous answer."
    ),
    "class.code_field": "Class code",
    "class.join": "Join the class",
    "class.bad_code": "A class code has {length} letters and digits, as the teacher's screen shows it.",
    "class.bad_link_code": (
        "The link's class code {value} is not one: a code has {length} letters and digits, as the teacher's screen "
        "shows it."
    ),
    "class.start": "Start a class",
    "class.start_help": (
        "For the teacher: turn presenter mode on, start the class, and project the step; you get a private link "
        "that brings you back to the class if your tab reloads."
    ),
    "class.join_at": (
        "Join on your phone or laptop: scan the code or open the link, or type the class code under “{heading}” on "
        "the home page."
    ),
    "class.qr_caption": "The class's link as a QR code",
    "class.local_link": (
        "This link names this computer itself, so phones in the room cannot open it. Open the dashboard at the "
        "address Streamlit gives as its Network URL when it starts (or at a hosted copy), and start the class there."
    ),
    "class.unreachable": "The class cannot be reached just now (its store does not answer); try again shortly.",
    # --- the teacher's bar ------------------------------------------------------------------------------------
    "class.bar": Plural(
        "Class **{code}** · {joined} student joined", "Class **{code}** · {joined} students joined", count="joined"
    ),
    "class.roaming_count": Plural("{roaming} is on their own", "{roaming} are on their own", count="roaming"),
    "class.follow_me": "Students follow my step",
    "class.how_to_join": "How to join",
    "class.more": "More",
    "class.private": "My teacher link",
    "class.private_help": (
        "Keep this link to yourself: it brings you back to this class as its teacher, on this device or another. "
        "It is never shown in the address bar."
    ),
    "class.private_show": "Show it on this screen (the room sees it)",
    "class.export": "Results (CSV)",
    "class.end": "End the class",
    "class.end_confirm": (
        "End the class for everyone? Every student's screen will say it has ended, and no one can answer any more. "
        "Its results stay here for you to download."
    ),
    "class.end_yes": "Yes, end it",
    "class.end_no": "Keep teaching",
    "class.teaching_here": "You teach class {code}: the walkthrough on the home page leads your students.",
    # --- the class's question on the projector ----------------------------------------------------------------
    "class.ask_heading": "The class's question",
    "class.ask": "Ask the class",
    "class.show_step": "Show the step without asking",
    "class.another": "Another question",
    "class.reveal": "Reveal",
    "class.again": "Vote again",
    "class.so_far": "Show the answers so far (not the right one)",
    "class.counted": Plural(
        "{n} of {joined} student has answered.", "{n} of {joined} students have answered.", count="joined"
    ),
    "class.none_yet": "No answers yet.",
    "class.round": "round {n}",
    "class.round_axis": "round",
    "class.answer_axis": "answer",
    "class.value": "value given",
    "class.students": "students",
    "figure.class_answers": "the class's answers",
    "class.right_count": Plural(
        "{round}: **{right}** right answer of {answered}",
        "{round}: **{right}** right answers of {answered}",
        count="right",
    ),
    "class.silent_count": Plural("{silent} student gave no answer", "{silent} students gave no answer", count="silent"),
    "class.answers_caption": (
        "How many students gave each answer, one colour a round (a vote again after discussion is the next round); "
        "once revealed, the right answer is marked. Anonymous: no answer is tied to a student."
    ),
    # --- a student's view -------------------------------------------------------------------------------------
    "class.following": ":material/groups: Class **{code}**: your screen follows the teacher.",
    "class.roaming": ":material/explore: Class **{code}**: you are looking around on your own.",
    "class.free": ":material/explore: Class **{code}**: the teacher lets everyone look around.",
    "class.follow": "Follow the class",
    "class.leave": "Leave the class",
    "class.held_back": (
        "The teacher asks this step's question first: the chart and what it shows appear on every screen once the "
        "teacher reveals the answer."
    ),
    "class.held_back_teacher": (
        "The step's chart and what it shows wait, here and on every screen, until you reveal the answer, or show "
        "the step without asking."
    ),
    "class.ended": "The teacher has ended this class. Thank you for taking part.",
    "class.ended_teacher": (
        "Class **{code}** has ended: every student's screen says so. Its results stay here until you leave or start "
        "another class."
    ),
    "class.went_heading": "How the class did",
    "class.went_asked": "question",
    "class.went_share": "right answers",
    "class.went_question": "Q{n} · {title}",
    "class.went_said": "{right} of {answered}",
    "class.went_caption": (
        "Each question the class was asked, in order, and the share of each round's answers that was right (a vote "
        "again after discussion is the next round). Anonymous: no answer is tied to a student."
    ),
    "figure.class_went": "how the class did",
    "class.question": "The teacher asks (round {round})",
    "class.send": "Send my answer",
    "class.sent": "Your answer is in: {given}. You may change it until the teacher reveals.",
    "class.no_answer": "You did not answer this round.",
    # --- refusals ---------------------------------------------------------------------------------------------
    "class.refused.unknown": "There is no class with this code: check the code, or the class may have ended.",
    "class.refused.ended": "The teacher has ended this class.",
    "class.refused.full": "This class is full ({most} students).",
    "class.refused.not_teacher": "This is not the teacher's link of this class.",
    "class.refused.not_joined": "Join the class before answering.",
    "class.refused.no_question": "No question is on.",
    "class.refused.not_open": "The question is not taking answers now.",
    "class.refused.other_question": "This answer is to a question that has closed.",
    "class.refused.other_round": "This answer is to a round that has closed.",
    "class.refused.inadmissible": "This answer is not one the question takes.",
    "class.right_label": "✓ {label}",
    "class.send_empty_choice": "Choose an answer, then send it.",
    "class.send_empty_number": "Type a number from {low} to {high}, then send it.",
    "class.refused.bad_value": "The class could not keep this value.",
    "class.refused.rate_limited": "Too many attempts: try again in {wait} s.",
    "class.refused.other": "The class refused this.",
}
