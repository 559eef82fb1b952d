"""Join codes, teacher secrets and the anonymous ids a class knows its students by.

A join code is ``CODE_LENGTH`` = 6 symbols drawn by :mod:`secrets` (the operating system's cryptographic generator)
from ``ALPHABET``: the digits 2-9 and the letters A-Z without I, L and O, 31 symbols in all, none of which a reader
takes for another (no 0/O, no 1/I/L). Six of them read off a projector and type on a phone in a few seconds.

Entropy: 6 × log2(31) = 29.7 bits (31^6 = 887,503,681 codes).

Guessing: joins are limited to 10 a minute per session (:data:`classroom.limits.JOINS`, counted in the store, so
across replicas too), whether the code exists or not: one session tries at most 14,400 codes a day. With at most K
live classes each try finds one with probability K / 31^6, so the chance of finding any class in a day is at most
14,400 K / 887,503,681: 0.16 % with K = 100 live classes, 1.6 % with K = 1,000. A script that opens many sessions
multiplies this by their number; the limit then is what the server lets it open. What a found code gives is what a
student has: the teacher's step, one anonymous answer per session and round (within the class's size cap); never
the teacher's controls, nor anyone's answers.

A teacher secret is ``secrets.token_urlsafe(32)`` (256 bits, 43 characters), shown once in the teacher's private
link. The store keeps only its SHA-256 digest and compares digests with :func:`hmac.compare_digest`.

A student is an anonymous id the app draws once per browser session (:func:`new_student`): no name, no free text;
the store refuses any other shape (:func:`is_student`), so a sentence cannot be stored as one.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
SECRET_BYTES = 32
_STUDENT = re.compile(r"[A-Za-z0-9_-]{16,64}")
_SEPARATORS = re.compile(r"[\s-]+")


def new_code() -> str:
    """A fresh join code: ``CODE_LENGTH`` symbols of ``ALPHABET``, each drawn by the cryptographic generator."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise(text: str) -> str | None:
    """The code a reader typed (any case, spaces or hyphens between groups: "abc 234", "ABC-234"), or None when it
    cannot be one (another length, a symbol outside the alphabet)."""
    if not isinstance(text, str):
        return None
    code = _SEPARATORS.sub("", text).upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def new_secret() -> str:
    """A teacher's secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """What the store keeps of a secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same_secret(kept: str | None, secret: str) -> bool:
    """Whether ``secret`` is the one whose digest the store ``kept``, in time that does not depend on where they
    differ."""
    if not kept or not isinstance(secret, str):
        return False
    return hmac.compare_digest(kept, digest(secret))


def new_student() -> str:
    """An anonymous id for one browser session: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def is_student(student: object) -> bool:
    """Whether ``student`` has the shape of an anonymous id (16-64 characters of letters, digits, "_" and "-"): a
    sentence, or anything with spaces or other punctuation, has not."""
    return isinstance(student, str) and _STUDENT.fullmatch(student) is not None
