"""Notices of slow work done once (game/core/text/notices.py): nowhere by default (the window, workers),
on stderr while a command of the command line runs."""

import argparse

from game import cli
from game.core.text import notices


def test_a_notice_goes_nowhere_unless_asked_for_and_to_the_innermost_sink():
    notices.say("lost")
    outer: list[str] = []
    inner: list[str] = []
    with notices.sent_to(outer.append):
        notices.say("one")
        with notices.sent_to(inner.append):
            notices.say("two")
        notices.say("three")
    notices.say("lost again")
    assert (outer, inner) == (["one", "three"], ["two"])


def test_a_command_s_notices_go_to_stderr(capsys):
    def run(args: argparse.Namespace, config: object) -> int:
        notices.say("building the bear-off table, once for this computer: a few seconds")
        return 0

    assert cli._run(argparse.Namespace(run=run), None) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("", "building the bear-off table, once for this computer: a few seconds\n")
    notices.say("after the command")
    assert capsys.readouterr().err == ""
