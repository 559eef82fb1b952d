"""Chart families: labels put in late are the labels built in, and a sentence never seen costs no Altair build."""

from __future__ import annotations

import altair as alt
import pytest

from ui.charts import aria, template
from ui.charts.spec import CONFIG, config, layered


def _counted(build):
    """``build`` and the list it appends its labels to on every call (one call, one Altair build)."""
    calls: list[tuple[str, ...]] = []

    def counted(title: str, labels: tuple[str, ...]) -> alt.TopLevelMixin:
        calls.append(labels)
        return build(title, labels)

    return counted, calls


def _sorted_bars(title: str, labels: tuple[str, ...]) -> alt.TopLevelMixin:
    """Labels shown only as the sort of the x axis and the colour scale's domain."""
    return (
        alt.Chart(alt.NamedData("rows"))
        .mark_bar()
        .encode(
            x=alt.X(field="word", type="nominal", sort=list(labels), title=title),
            y=alt.Y(field="w", type="quantitative"),
            color=alt.Color(field="word", type="nominal", scale=alt.Scale(domain=list(labels))),
        )
    )


def _first_in_expression(title: str, labels: tuple[str, ...]) -> alt.TopLevelMixin:
    """A label written into an expression: it cannot be put in late."""
    return _sorted_bars(title, labels).transform_filter(f"datum.word != '{labels[0]}'")


def _branching(title: str, labels: tuple[str, ...]) -> alt.TopLevelMixin:
    """A chart that looks at a label's text: a placeholder would take the other branch."""
    chart = _sorted_bars(title, labels)
    return chart.properties(height=300) if "<s>" in labels else chart


def test_labels_put_in_late_are_the_labels_built_in_and_a_new_sentence_builds_nothing(monkeypatch) -> None:
    monkeypatch.setattr(template, "CHECK_LATE", False)  # a check builds every chart again
    build, calls = _counted(_sorted_bars)
    family = template.family(late=("labels",))(build)
    for labels in [("the", "cat", "sat"), ("a", "dog", "ran"), ("x", "y", "z")]:
        spec = family("words", labels).spec
        built = build("words", labels).configure(**CONFIG).to_dict()
        assert spec == template.Template(aria.described(built, "en")).spec
        assert template.LATE not in repr(spec)
    assert len(calls) == 4  # the first with placeholders, and one for each check above; none for the family
    family("words", ("one", "two"))  # another number of labels: one build for two placeholders
    assert len(calls) == 5 and all(label.startswith(template.LATE) for label in calls[-1])


def test_a_label_written_into_a_longer_string_is_built_in() -> None:
    build, calls = _counted(_first_in_expression)
    family = template.family(late=("labels",))(build)
    spec = family("words", ("the", "cat"))
    assert "datum.word != 'the'" in repr(spec.spec)
    assert [labels for labels in calls if not labels[0].startswith(template.LATE)] == [("the", "cat")]


def test_a_chart_that_looks_at_its_labels_fails_where_checked(monkeypatch) -> None:
    monkeypatch.setattr(template, "CHECK_LATE", True)
    family = template.family(late=("labels",))(_branching)
    family("words", ("a", "b"))
    with pytest.raises(template.LateLabelsChangedError):
        family("words", ("<s>", "b"))


def _domain_bars(title: str, labels: tuple[float, ...]) -> alt.TopLevelMixin:
    """Numbers shown as they are: a value axis's domain."""
    return (
        alt.Chart(alt.NamedData("rows"))
        .mark_bar()
        .encode(x=alt.X(field="w", type="quantitative", title=title, scale=alt.Scale(domain=list(labels))))
    )


def _domain_midpoint(title: str, labels: tuple[float, ...]) -> alt.TopLevelMixin:
    """A number computed from the late values: the chart is built with them."""
    return _domain_bars(title, labels).properties(title=f"{(labels[0] + labels[1]) / 2}")


def test_numbers_shown_as_they_are_go_in_late_and_numbers_computed_with_are_built_in(monkeypatch) -> None:
    monkeypatch.setattr(template, "CHECK_LATE", True)  # every late chart compared with its direct build
    shown, shown_calls = _counted(_domain_bars)
    family = template.family(late=("labels",))(shown)
    spec = family("w", (-0.25, 0.75)).spec
    assert [node["domain"] for _, node in template._walk(spec) if isinstance(node, dict) and "domain" in node] == [
        [-0.25, 0.75]
    ]
    assert any(isinstance(x[0], str) and x[0].startswith(template.LATE) for x in shown_calls)
    computed, computed_calls = _counted(_domain_midpoint)
    spec = template.family(late=("labels",))(computed)("w", (0.0, 1.0)).spec
    assert spec["title"] == "0.5"
    assert computed_calls[-1] == (0.0, 1.0)


def test_a_placeholder_in_a_part_not_walked_leaves_the_labels_built_in() -> None:
    """The config (a family's comes whole from ``CONFIG``) is not looked in; a placeholder there, were one to
    come, would reach the reader: the chart is built with its labels instead."""
    held = template._placeholders("labels", ("the",))[0]
    assert template._late_paths({"layer": [{"sort": [held]}]}) == {("layer", 0, "sort", 0): held}
    assert template._late_paths({"layer": [{"sort": [held]}], "config": {"axisX": {"title": held}}}) is None


def test_a_served_chart_is_not_schema_validated_and_the_suite_validates_every_chart(monkeypatch) -> None:
    """Validation is a check on our code (a third of a build); the suite's builds are validated, a server's not."""
    asked: list[bool] = []
    to_dict = alt.TopLevelMixin.to_dict

    def spied(self, *args, validate=True, **kwargs):
        asked.append(validate)
        return to_dict(self, *args, validate=validate, **kwargs)

    def whole(cls, instance, *args, **kwargs):  # a whole spec checked against Vega-Lite's schema (not a part)
        if isinstance(instance, dict) and "$schema" in instance:
            asked.append(True)
        return validate.__func__(cls, instance, *args, **kwargs)

    validate = alt.utils.schemapi.SchemaBase.validate
    monkeypatch.setattr(alt.TopLevelMixin, "to_dict", spied)
    monkeypatch.setattr(alt.utils.schemapi.SchemaBase, "validate", classmethod(whole))
    for checked in (False, True):
        monkeypatch.setattr(template, "CHECK_LATE", checked)
        asked.clear()
        family = template.family(late=("labels",))(_sorted_bars)
        family("words", ("the", "cat"))  # late: the placeholders' build, then (checked) the direct build
        template.family(late=("labels",))(_first_in_expression)("words", ("the", "cat"))  # built in
        if checked:
            assert True in asked  # the direct build, against which the late one is compared, is validated
        else:
            assert asked and not any(asked)


def test_repeated_labels_are_built_in_as_the_chart_tells_them_apart(monkeypatch) -> None:
    # A source table may repeat a token ("the cat saw the dog"): the charts colour each position by its label, which
    # tells repeats apart ("the (1)", "the (2)"); labels put in late would write the tokens as given instead.
    monkeypatch.setattr(template, "CHECK_LATE", False)

    def numbered(title: str, labels: tuple[str, ...]) -> alt.TopLevelMixin:
        told = [f"{w} ({labels[:i].count(w) + 1})" if labels.count(w) > 1 else w for i, w in enumerate(labels)]
        return _sorted_bars(title, tuple(told))

    family = template.family(late=("labels",))(numbered)
    family("words", ("a", "b"))  # the two-label shape with placeholders, kept
    spec = family("words", ("the", "the")).spec
    built = numbered("words", ("the", "the")).configure(**CONFIG).to_dict()
    assert spec == template.Template(aria.described(built, "en")).spec


def test_altairs_checks_as_it_builds_are_the_suites_alone_and_change_no_chart() -> None:
    """Altair's debug mode (each schema object checked as it is made) is on in the suite, off where served, and a
    chart built either way is the same."""
    import subprocess
    import sys

    from ui.charts import heatmaps, plane

    probe = "import altair.utils.schemapi as s, ui.charts.template; print(s.DEBUG_MODE)"
    for check, debug in (("1", "True"), ("", "False")):
        env = {"ATTN_CHECK_KEPT": check, "PATH": ""}
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=".")
        assert done.stdout.strip() == debug, done.stderr

    titles = (("h1", "a"), ("h2", "b"), ("label", "c"), ("position", "d"))
    builds = [
        lambda: heatmaps._alignment_heatmap.__wrapped__("x", "y", ("a", "b", "c", "d"), True, 20, None, True),
        lambda: plane._source_plane.__wrapped__(("h1", "h2"), 360, titles, True, True, None),
    ]
    for build in builds:
        specs = []
        for debug in (True, False):
            with alt.utils.schemapi.debug_mode(debug):
                specs.append(build().configure(**CONFIG).to_dict(validate=False))
        assert specs[0] == specs[1]


def _three_layers() -> tuple[alt.Chart, alt.Chart, alt.Chart]:
    """Three layers, the second with a selection of its own (lifted to the top, tied to its view)."""
    hover = alt.selection_point(name="hover", fields=["word"], on="pointerover")
    word, weight = alt.X(field="word", type="nominal"), alt.Y(field="w", type="quantitative")
    words = alt.Chart(alt.NamedData("rows"), name="words").mark_text().encode(x=word, text=alt.Text(field="word"))
    return (
        alt.Chart(alt.NamedData("rows")).mark_bar().encode(x=word, y=weight),
        words.add_params(hover),
        alt.Chart(alt.NamedData("rows")).mark_rule().encode(y=weight),
    )


def test_layered_is_the_layers_with_their_parameters_added_after_and_refuses_a_selection() -> None:
    """``layered`` builds in one pass what ``alt.layer(...).properties(...).add_params(...)`` builds, parameters
    in the same order (the layers' own first), and takes no selection, which the last layer would own."""
    top, room = alt.param(name="top", value=1), alt.param(name="room", value=55, bind=alt.binding(input="text"))
    layers = _three_layers()
    slow = alt.layer(*layers).properties(height=120, width="container").add_params(top).add_params(room)
    fast = layered(*layers, params=[top, room], height=120, width="container")
    assert fast.to_dict(validate=True) == slow.to_dict(validate=True)
    assert [p["name"] for p in fast.to_dict()["params"]] == ["hover", "top", "room"]
    with pytest.raises(ValueError, match="hover"):
        layered(*layers, params=[alt.selection_point(name="hover")])


def test_a_chart_configured_in_its_language_is_the_chart_configure_would_make() -> None:
    """:func:`ui.charts.template.configured` merges the configuration into the built spec, as ``configure`` and
    Altair's theme would: the same spec in every language (French groups thousands by a space), for a chart
    configured already too."""
    chart = layered(*_three_layers(), params=[alt.param(name="top", value=1)], height=120)
    for language in ("en", "fr", "zh"):
        for built in (chart, chart.configure_axis(grid=False)):
            expected = built.configure(**config(language)).to_dict(validate=True)
            assert template.configured(built, language, validate=True) == expected
            assert template.configured(built, language) == expected
