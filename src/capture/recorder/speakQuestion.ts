/**
 * Will mode reads the consent question aloud where the browser can (Web Speech API). The
 * question is always on screen as well, so a browser without speech, without a Chinese voice
 * or refusing to speak without a gesture only loses the voice, never the check.
 */

/** The part of window speech needs; a test double implements just this. */
export interface SpeechWindow {
  speechSynthesis?: Pick<SpeechSynthesis, "speak" | "cancel">;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
}

export interface Speaking {
  /** True when the browser accepted the utterance. */
  readonly spoken: boolean;
  /** Stops speaking (dispose, or the recording ended first). */
  cancel(): void;
}

export function speakQuestion(win: SpeechWindow, text: string, lang = "zh-CN"): Speaking {
  const synth = win.speechSynthesis;
  const Utterance = win.SpeechSynthesisUtterance;
  if (!synth || !Utterance || text.trim() === "") return { spoken: false, cancel: () => undefined };
  try {
    const utterance = new Utterance(text);
    utterance.lang = lang;
    utterance.rate = 0.95;
    // A queue left over from an earlier attempt would delay this question.
    synth.cancel();
    synth.speak(utterance);
  } catch {
    return { spoken: false, cancel: () => undefined };
  }
  return {
    spoken: true,
    cancel: () => {
      try {
        synth.cancel();
      } catch {
        // Nothing is speaking any more.
      }
    },
  };
}
