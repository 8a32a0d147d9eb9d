"""The loop and input: the App (window, scene stack, fixed-step loop that rests when nothing
moves), actions from mouse, keyboard and gamepad, background jobs, tweens, sound and assets."""
