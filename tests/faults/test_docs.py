"""The README and docs/bot-protocol.md say what a user can rely on (issue 14)."""

from tests.faults.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PROTOCOL = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")


def test_the_docs_document_the_exit_status():
    assert "| 3 | `bot` only: the bot itself failed" in README
    assert "exits with status **3**" in PROTOCOL


def test_the_docs_promise_what_the_fault_tests_check():
    promises = ("SIGTERM", "SIGHUP", "not a regular file", "symbolic link", "practice", "The opponent failed",
                "Run it", "memory stays flat")
    for words in promises:
        assert words in README, words
    for words in ("One request, one answer line", "setsid", "subreaper", "gets it once", "\"stopped_by\"",
                  "KeyboardInterrupt"):
        assert words in PROTOCOL, words
