"""Synthesise Parlour's sound effects with numpy and write them as WAV files beside this script.

Run once (python sounds/make.py); the WAVs are committed, so the game never imports numpy for
sound. Every effect is soft and short: a calm game should not shout.
"""
import os
import wave

import numpy as np

RATE = 22050
HERE = os.path.dirname(os.path.abspath(__file__))


def tone(freq, seconds, volume=0.4, shape="sine", attack=0.005, decay=None):
    t = np.arange(int(RATE * seconds)) / RATE
    if shape == "sine":
        wave_ = np.sin(2 * np.pi * freq * t)
    elif shape == "triangle":
        wave_ = 2 * np.abs(2 * ((freq * t) % 1) - 1) - 1
    else:  # "bell": a sine with two soft overtones
        wave_ = (np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(2 * np.pi * freq * 2.01 * t)
                 + 0.12 * np.sin(2 * np.pi * freq * 3.02 * t)) / 1.42
    envelope = np.minimum(1, t / attack) * np.exp(-t / (decay or seconds / 4))
    return volume * wave_ * envelope


def sequence(*parts, gap=0.0):
    silence = np.zeros(int(RATE * gap))
    out = []
    for part in parts:
        out += [part, silence]
    return np.concatenate(out)


def noise_click(seconds=0.03, volume=0.25):
    rng = np.random.default_rng(7)
    t = np.arange(int(RATE * seconds)) / RATE
    return volume * rng.uniform(-1, 1, t.size) * np.exp(-t / 0.006)


EFFECTS = {
    "select": lambda: tone(880, 0.08, 0.25, "sine", decay=0.03),
    "swap": lambda: sequence(tone(523, 0.07, 0.3, "triangle", decay=0.03),
                             tone(659, 0.10, 0.3, "triangle", decay=0.04)),
    "place": lambda: tone(392, 0.14, 0.4, "bell", decay=0.05) + np.pad(
        noise_click(), (0, int(RATE * 0.14) - int(RATE * 0.03))),
    "move": lambda: tone(330, 0.12, 0.35, "triangle", decay=0.04),
    "capture": lambda: sequence(tone(262, 0.08, 0.4, "bell", decay=0.03),
                                tone(196, 0.16, 0.4, "bell", decay=0.06)),
    "wrong": lambda: sequence(tone(220, 0.12, 0.35, "triangle", decay=0.06),
                              tone(185, 0.2, 0.35, "triangle", decay=0.08)),
    "hint": lambda: sequence(tone(988, 0.07, 0.2, "sine"), tone(1319, 0.12, 0.2, "sine")),
    "tick": lambda: tone(1760, 0.04, 0.18, "sine", decay=0.01),
    "win": lambda: sequence(*[tone(f, 0.16, 0.33, "bell", decay=0.12)
                              for f in (523, 659, 784, 1047)], gap=0.02),
    "lose": lambda: sequence(*[tone(f, 0.22, 0.3, "triangle", decay=0.12)
                               for f in (392, 330, 262)], gap=0.03),
    "flash": lambda: sequence(*[tone(f, 0.1, 0.3, "bell", decay=0.08)
                                for f in (784, 988, 1175, 1568, 1976)]),
}
# Poggle: one note per colour, rising through a pentatonic scale.
for index, freq in enumerate((392, 440, 523, 587, 659)):
    EFFECTS[f"press{index}"] = lambda f=freq: tone(f, 0.18, 0.35, "bell", decay=0.07)


def write(name, samples):
    data = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(os.path.join(HERE, f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


if __name__ == "__main__":
    for name, make in EFFECTS.items():
        write(name, make())
    print(f"wrote {len(EFFECTS)} effects to {HERE}")
