"""The README and docs/bot-protocol.md say what a user can rely on (issue 14)."""

from tests.faults.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PROTOCOL = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")


def test_the_docs_document_the_exit_status():
    assert "| 3 | `bot` only: the bot itself failed" in README
    assert "exits with status **3**" in PROTOCOL


def test_the_docs_promise_what_the_fault_tests_check():
    promises = (
        "SIGTERM",
        "SIGHUP",
        "not a regular file",
        "symbolic link",
        "practice",
        "The opponent failed",
        "Run it",
        "memory stays flat",
    )
    for words in promises:
        assert words in README, words
    for words in (
        "One request, one answer line",
        "setsid",
        "subreaper",
        "gets it once",
        '"stopped_by"',
        "KeyboardInterrupt",
    ):
        assert words in PROTOCOL, words


def _setup_commands() -> list[str]:
    """The bash blocks of the README's "Set-up: two commands" section."""
    section = README.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    return [block.split("\n```", 1)[0].strip() for block in section.split("```bash\n")[1:]]


def test_the_setup_commands_make_their_own_virtual_environment():
    play, test = _setup_commands()
    for command in (play, test):
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install -e "), command
    assert play.endswith(".venv/bin/python main.py")
    assert test.endswith(".venv/bin/python -m pytest")
    assert "python3-venv" in README


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _setup_commands()[1] in ci
    assert "python3 -m pip" not in ci and "activate" not in ci
