"""The test process's own shortcuts through AppTest's internals (tests/apptest.py) still hold on this Streamlit."""

from __future__ import annotations

from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

from tests.apptest import HOME, ROOT


def test_installed_components_are_scanned_once_a_process_and_found_as_a_fresh_scan_finds_them(monkeypatch):
    kept = manifest_scanner.scan_component_manifests
    assert getattr(kept, "once", False), "conftest.py installs the scan kept for the process"
    assert [(m.name, str(root)) for m, root in kept()] == [(m.name, str(root)) for m, root in kept.fresh()]
    asked, listed = [], []
    looked_at = manifest_scanner._is_likely_streamlit_component_package

    def asking(*args, **kwargs):
        asked.append(1)
        return kept(*args, **kwargs)

    def listing(*args, **kwargs):
        listed.append(1)
        return looked_at(*args, **kwargs)

    monkeypatch.setattr(manifest_scanner, "scan_component_manifests", asking)
    monkeypatch.setattr(manifest_scanner, "_is_likely_streamlit_component_package", listing)
    for _ in range(2):
        at = AppTest.from_file(str(ROOT / HOME), default_timeout=60).run()
        assert not at.exception
    assert len(asked) == 2  # each AppTest asks for the installed components, through the module
    assert listed == []  # and none reads an installed package's metadata again
