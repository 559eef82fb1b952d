"""ui.message_hash: Streamlit's digests, fed to its hasher in pieces the interpreter keeps hold of."""

import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit import util

from tests.apptest import no_exception, run_page
from ui import message_hash

STREAMLITS = message_hash._STREAMLITS


def streamlits_hash(data: bytes) -> str:
    h = STREAMLITS()
    h.update(data)
    return h.hexdigest()


SIZES = st.sampled_from([0, 1, 2046, 2047, 2048, 2049, 4094, 4095, 65_536, 300_001])


@given(SIZES.flatmap(lambda n: st.binary(min_size=n, max_size=n)) | st.binary(max_size=10_000))
def test_the_digest_is_streamlits_byte_for_byte(data):
    h = message_hash.fast_hasher()
    h.update(data)
    assert h.hexdigest() == streamlits_hash(data)
    assert h.digest() == bytes.fromhex(streamlits_hash(data))


def test_updates_in_turn_and_copies_give_streamlits_digest():
    data = bytes(range(256)) * 40  # 10,240 bytes
    h = message_hash.fast_hasher()
    h.update(data[:5000])
    copy = h.copy()
    h.update(memoryview(data)[5000:])
    assert h.hexdigest() == streamlits_hash(data)
    copy.update(bytearray(data[5000:]))
    assert copy.hexdigest() == streamlits_hash(data)
    assert (h.digest_size, h.name) == (STREAMLITS().digest_size, STREAMLITS().name)


class Recorder:
    """A hasher that remembers the size of every update it is given."""

    def __init__(self):
        self.sizes = []

    def update(self, data):
        self.sizes.append(len(data))


@pytest.mark.parametrize("size", [1, 2047, 2048, 10_000, 250_000])
def test_no_update_reaches_the_size_hashlib_lets_go_of_the_interpreter_for(size):
    recorder = Recorder()
    message_hash.PieceHasher(recorder).update(b"x" * size)
    assert sum(recorder.sizes) == size
    assert max(recorder.sizes) < 2048  # CPython's HASHLIB_GIL_MINSIZE


def test_the_app_makes_streamlit_hash_through_it_and_calc_hash_is_unchanged():
    util.create_fast_hasher = STREAMLITS  # as a fresh server process starts
    at = run_page("screens/revisitable_source/page.py")
    no_exception(at)
    assert util.create_fast_hasher is message_hash.fast_hasher
    data = b"a chart's message" * 1000
    assert util.calc_hash(data) == streamlits_hash(data)


def test_importing_it_again_after_install_still_wraps_streamlits_own_hasher():
    message_hash.install()
    again = importlib.reload(message_hash)
    try:
        assert again._STREAMLITS is STREAMLITS
        again.install()
        assert isinstance(util.create_fast_hasher()._inner, type(STREAMLITS()))
    finally:
        message_hash.install()


@pytest.mark.parametrize(
    ("page", "key"), [("screens/revisitable_source/page.py", "w_sources"), ("screens/scoring/page.py", "w_scorer")]
)
def test_the_data_editors_tables_name_their_columns_in_python_strings(page, key):
    """pandas 3 makes column names pyarrow strings, which Streamlit's editor indexes on every run (a pyarrow call
    that lets go of the interpreter): the tables the editors start from hold them as Python strings."""
    at = run_page(page)
    no_exception(at)
    table = at.session_state[f"{key}_base"]
    assert table.columns.dtype == object
    assert all(type(c) is str for c in table.columns)
