"""The screens, one package each: ``page.py`` is the script Streamlit runs for the screen (``app.py`` declares it,
with its title, icon and address), and the package holds whatever else belongs to that screen alone (a long
screen's sections, a module each). The home page and its walkthrough are ``walkthrough/``.

What a screen's link may carry is declared below the screens, in ``ui/settings/<screen>.py``; what two screens draw
alike is in ``ui/``. No screen imports another screen's code (``tests/test_rooms.py``).
"""
