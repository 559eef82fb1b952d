"""The translators' files: the English messages as a gettext template, each language's catalog kept in step.

English is written in the code's catalog modules (``ui/catalog/<screen>.py``, one ``EN`` dictionary a screen:
key to text). Every other language lives in a gettext catalog that a translation tool opens (Poedit, Weblate,
any editor of ``.po`` files), ``locale/<code>/LC_MESSAGES/messages.po``, and is read by the dashboard from its
compiled ``messages.mo`` beside it (both committed, so a host needs no build step).

Each entry's context (``msgctxt``) is the message key and its ``msgid`` the English text, so a changed English
sentence no longer matches its translation: :func:`update` keeps the old translation, marks it fuzzy and notes
the English it translated (``#| msgid``), and :func:`problems` (a test) names it until a translator has
reviewed it and taken the mark off. A fuzzy translation is not compiled: the reader sees the new English.

Every message is a ``str.format`` template (flag ``python-brace-format``): fields are ``{name}``, a brace meant
literally is doubled (``$e_{{tj}}$``), and a translation has the fields of its English.

``python3 dev.py i18n`` runs :func:`update`: template, catalogs and compiled catalogs. This module needs Babel,
a development requirement; the dashboard itself reads the compiled catalogs with the standard library
(:mod:`ui.text`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from ui.catalog import Plural
from ui.text import DOMAIN, LOCALE, MODULES, TRANSLATED, mo_path, po_path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PROJECT = "attention-dashboard"
BRACES = "python-brace-format"
# what the catalogs say of themselves (po_text leaves out the dates, so that an unchanged catalog is written unchanged)
HEADER = {
    "project": PROJECT,
    "version": "1",
    "copyright_holder": "the project's authors",
    "msgid_bugs_address": "the project's issue tracker",
    "last_translator": "the project's translators",
    "language_team": "the project's translators",
    "charset": "utf-8",
    "header_comment": (
        "# The dashboard's messages: msgctxt is the message's key, msgid its English (written in ui/catalog/).\n"
        "# Every message is a Python format template: keep its {fields}; a doubled brace {{ shows one brace.\n"
        "# After an English text changes, python3 dev.py i18n marks its translation fuzzy until it is reviewed."
    ),
}


def english() -> Iterator[tuple[str, str | tuple[str, str], str]]:
    """(key, English ``msgid``, the module that writes it) for every message, in the catalog modules' order; a
    message that states a count has its text for one and for other numbers."""
    for module in MODULES:
        path = Path(module.__file__).resolve().relative_to(ROOT).as_posix()
        for key, text in module.EN.items():
            yield key, (text.one, text.other) if isinstance(text, Plural) else text, path


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's texts: one, or one a plural form."""
    return text if isinstance(text, tuple) else (text,)


def fields(message: str | tuple[str, ...]) -> list[str]:
    """The named fields of a format template (of all its forms), each once, sorted: ``{s}`` and ``{steps:,}`` give
    s and steps."""
    undoubled = " ".join(forms(message)).replace("{{", "").replace("}}", "")
    return sorted(set(re.findall(r"\{([A-Za-z_][A-Za-z_0-9]*)(?:[:!][^{}]*)?\}", undoubled)))


def template() -> Catalog:
    """The gettext template made from the English messages: one entry a key, its text the ``msgid``."""
    pot = Catalog(fuzzy=False, **HEADER)
    for key, text, path in english():
        pot.add(text, context=key, locations=[(path, None)], flags=[BRACES] if "{" in "".join(forms(text)) else [])
    return pot


def po_text(catalog: Catalog) -> str:
    """``catalog`` as a .po (or .pot) file reads, without the dates Babel writes anew on every run."""
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, include_lineno=False, include_previous=True)
    text = out.getvalue().decode("utf-8")
    return re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text, flags=re.M)


def _write(path: Path, text: str) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def read(code: str) -> Catalog:
    """The catalog of language ``code`` as committed."""
    with po_path(code).open("rb") as fh:
        return read_po(fh, locale=code, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    """``catalog`` compiled as ``msgfmt`` would: fuzzy entries left out, so they read as English."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def held(mo: bytes) -> tuple[dict[tuple[str, str], str], str]:
    """What a compiled catalog holds: (key, English) -> translation, and its plural rule (its header's dates
    aside, which Babel writes anew each time)."""
    catalog = read_mo(io.BytesIO(mo))
    as_key = lambda x: tuple(x) if isinstance(x, list | tuple) else x  # noqa: E731  (Babel reads plural forms as lists)
    return {(m.context, as_key(m.id)): as_key(m.string) for m in catalog if m.id}, catalog.plural_forms


def _compiled_is(path: Path, catalog: Catalog) -> bool:
    return path.exists() and held(path.read_bytes()) == held(compiled(catalog))


def updated(catalog: Catalog, pot: Catalog) -> Catalog:
    """``catalog`` brought in step with ``pot``, entry by entry (the key is the context): a new message is added
    untranslated; a message whose English changed keeps its translation, marked fuzzy, with the English it last
    translated noted (``#| msgid``); a message gone from the English is dropped."""
    ours = {m.context: m for m in catalog if m.id}
    out = Catalog(locale=catalog.locale, domain=catalog.domain, fuzzy=False, **HEADER)
    for message in pot:
        if not message.id:
            continue
        old = ours.get(message.context)
        entry = Message(
            message.id,
            ("",) * out.num_plurals if message.pluralizable else "",
            context=message.context,
            locations=message.locations,
            flags=set(message.flags),
            user_comments=old.user_comments if old else [],
        )
        if old is not None and any(forms(old.string)):
            kept = forms(old.string)
            if message.pluralizable:  # as many forms as the language has, the last repeated where it had fewer
                entry.string = tuple(kept[min(i, len(kept) - 1)] for i in range(out.num_plurals))
            else:
                entry.string = kept[-1]
            if old.id != message.id or old.fuzzy:
                entry.flags.add("fuzzy")
                entry.previous_id = old.previous_id if old.fuzzy and old.previous_id else list(forms(old.id))
        out[message.id] = entry
    return out


def update() -> list[Path]:
    """Write the template from the English messages, bring each language's catalog in step with it and compile
    it; returns the files that changed."""
    pot = template()
    changed = [TEMPLATE] if _write(TEMPLATE, po_text(pot)) else []
    for code in TRANSLATED:
        catalog = updated(read(code), pot)
        if _write(po_path(code), po_text(catalog)):
            changed.append(po_path(code))
        if not _compiled_is(mo_path(code), catalog):
            mo_path(code).write_bytes(compiled(catalog))
            changed.append(mo_path(code))
    return changed


def problems(code: str) -> list[str]:
    """What stands between language ``code``'s committed files and a reviewed, complete translation of today's
    English: each a sentence naming the key. Empty when there is nothing to do."""
    pot, catalog = template(), read(code)
    found = []
    if not TEMPLATE.exists() or TEMPLATE.read_text(encoding="utf-8") != po_text(pot):
        found.append(f"{TEMPLATE.relative_to(ROOT)} is not the English messages' template: run python3 dev.py i18n")
    ours = {m.context: m for m in catalog if m.id}
    for message in pot:
        if not message.id:
            continue
        key, entry = message.context, ours.get(message.context)
        if entry is None:
            found.append(f"{key}: not in the catalog (run python3 dev.py i18n, then translate it)")
        elif entry.id != message.id:
            found.append(f"{key}: translates another English text (run python3 dev.py i18n)")
        elif not all(text.strip() for text in forms(entry.string)):
            found.append(f"{key}: not translated")
        elif entry.fuzzy:
            found.append(f"{key}: the English changed; review the translation, then take off its fuzzy mark")
        elif message.pluralizable and len(forms(entry.string)) != catalog.num_plurals:
            found.append(f"{key}: {len(forms(entry.string))} plural forms where the language has {catalog.num_plurals}")
        elif any(fields(text) != fields(forms(message.id)[-1]) for text in forms(entry.string)):
            found.append(f"{key}: fields {fields(entry.string)} where the English has {fields(message.id)}")
    known = {m.context for m in pot if m.id}
    found += [f"{key}: no such English message" for key in ours if key not in known]
    if not _compiled_is(mo_path(code), catalog):
        found.append(f"{mo_path(code).relative_to(ROOT)} is not compiled from its catalog: run python3 dev.py i18n")
    return found


def main() -> int:
    """``python3 dev.py i18n``: update, then say what changed and what a translator has left to do."""
    for path in update():
        print(f"wrote {path.relative_to(ROOT)}")
    todo = {code: problems(code) for code in TRANSLATED}
    for code, found in todo.items():
        print(f"{code}: {len(found)} to do" + "".join(f"\n  {line}" for line in found[:20]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
