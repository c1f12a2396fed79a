"""The sound player: named events at the config's volume, the switch, silence without a device, and the
shipped effects as tools/make_sounds.py makes them."""

import importlib.util
import wave
from pathlib import Path

import numpy as np
import pytest

from game.ui.shell_settings import SoundConfig
from game.ui.sound import EVENTS, SOUNDS_DIR, ArcadePlayer, RecordingPlayer, Sounds, result_event

ROOT = Path(__file__).resolve().parents[2]


def sounds(enabled: bool = True, volume: int = 70) -> tuple[Sounds, RecordingPlayer, dict[str, SoundConfig]]:
    """A Sounds on a recording player, and the settings it reads (the tests change them there)."""
    player = RecordingPlayer()
    settings = {"sound": SoundConfig(enabled=enabled, volume=volume)}
    return Sounds(player, lambda: settings["sound"]), player, settings


def test_each_event_plays_at_the_configured_volume():
    player_sounds, player, _settings = sounds(volume=40)
    for event in EVENTS:
        player_sounds.play(event)
    assert player.played == [(event, 0.4) for event in EVENTS]


def test_an_unknown_event_is_a_programming_error():
    with pytest.raises(KeyError):
        sounds()[0].play("fanfare")


def test_off_or_zero_volume_plays_nothing_and_new_settings_apply_at_once():
    player_sounds, player, settings = sounds(enabled=False)
    player_sounds.play("dice")
    settings["sound"] = SoundConfig(enabled=True, volume=0)
    player_sounds.play("dice")
    assert player.played == []
    settings["sound"] = SoundConfig(enabled=True, volume=100)
    player_sounds.play("dice")
    assert player.played == [("dice", 1.0)]


def test_once_plays_a_moment_seen_on_many_frames_one_time():
    player_sounds, player, _settings = sounds()
    first, second = object(), object()
    for token in (first, first, first, second, second):
        player_sounds.once(token, "win")
    assert player.events == ["win", "win"]


def test_the_result_sound_is_the_player_at_seat_0s():
    assert result_event(0, two_players=False) == "win"
    assert result_event(1, two_players=False) == "lose"
    assert result_event(1, two_players=True) == "win"


def test_every_event_has_its_shipped_wav():
    for event in EVENTS:
        with wave.open(str(SOUNDS_DIR / f"{event}.wav")) as sound:
            assert sound.getnchannels() == 1 and sound.getsampwidth() == 2
            assert 0.05 < sound.getnframes() / sound.getframerate() < 2.0, event


def test_the_arcade_player_plays_the_files_headless():
    player = ArcadePlayer()
    for event in EVENTS:
        player.play(event, 0.5)
    assert not player.silent


def test_a_machine_that_cannot_play_stays_silent_without_a_word(tmp_path, capsys):
    player = ArcadePlayer(tmp_path)  # no sound files there: loading fails as a missing device would
    player.play("land", 1.0)
    player.play("hit", 1.0)
    assert player.silent
    captured = capsys.readouterr()
    assert captured.out == captured.err == ""


def _make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_effects_are_what_the_script_makes():
    make_sounds = _make_sounds()
    assert set(make_sounds.EFFECTS) == set(EVENTS)
    for event in EVENTS:
        with wave.open(str(SOUNDS_DIR / f"{event}.wav")) as sound:
            shipped = np.frombuffer(sound.readframes(sound.getnframes()), dtype="<i2").astype(int)
        made = make_sounds.render(event).astype(int)
        assert len(made) == len(shipped), event
        assert np.max(np.abs(made - shipped)) <= 2, event
