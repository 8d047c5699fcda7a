// What the practice pages' settings drive: pacing (speed), hurrying an animation with a
// tap or a key, and short sounds (off by default). The settings themselves live in
// ../settings.js. Nothing here knows a rule of the game.

import { SPEEDS, settings } from "../settings.js";

export { reducedMotion, settings, settingsWereReset, still, updateSettings } from "../settings.js";

// ---------------------------------------------------------------- pacing
let hurryAll = null;

/** Wait `ms` (scaled by the speed setting); a tap or key press ends the wait early. */
export function pause(ms) {
  const scaled = ms * (SPEEDS[settings().speed] ?? 1);
  return new Promise((resolve) => {
    const timer = setTimeout(done, scaled);
    const previous = hurryAll;
    function done() {
      clearTimeout(timer);
      if (hurryAll === done) hurryAll = previous;
      resolve();
    }
    hurryAll = done;
  });
}

/** Finish the current wait and animations at once (when the hurry setting allows it). */
export function hurry(scope) {
  if (!settings().hurry) return false;
  let did = false;
  if (scope) {
    for (const animation of scope.getAnimations({ subtree: true })) {
      animation.finish();
      did = true;
    }
  }
  while (hurryAll) {
    const fn = hurryAll;
    hurryAll = null;
    fn();
    did = true;
  }
  return did;
}

export function moveDuration() {
  return 320 * (SPEEDS[settings().speed] ?? 1);
}

// ---------------------------------------------------------------- sound
let audio = null;

/** A short beep ("play", "trick", "turn", "wrong", "win") when sound is on. */
export function beep(kind) {
  if (!settings().sound) return;
  try {
    audio ??= new (window.AudioContext || window.webkitAudioContext)();
    const tones = {
      play: [[520, 0.05]],
      trick: [[660, 0.07], [880, 0.09]],
      turn: [[440, 0.06]],
      wrong: [[196, 0.16]],
      win: [[523, 0.1], [659, 0.1], [784, 0.16]],
    }[kind] ?? [[500, 0.05]];
    let at = audio.currentTime;
    for (const [freq, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      osc.type = "sine";
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length + 0.02);
      at += length + 0.02;
    }
  } catch {
    // no audio here: stay silent
  }
}
