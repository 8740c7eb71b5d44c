import { useCallback, useEffect, useRef, useState } from 'react';

export const SPEECH_UNSUPPORTED_MESSAGE = 'Speech recognition is not supported in your browser.';

/** The part of the Web Speech API this app uses (not in TypeScript's DOM library). */
interface SpeechRecognitionLike {
  lang: string;
  maxAlternatives: number;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

export function speechRecognitionCtor(win: Window = window): SpeechRecognitionCtor | undefined {
  const w = win as Window & {
    SpeechRecognition?: SpeechRecognitionCtor;
    webkitSpeechRecognition?: SpeechRecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** Voice input: English, one result; an alert where the browser cannot do it (spec §2). */
export function useVoiceInput(onTranscript: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const latestHandler = useRef(onTranscript);
  useEffect(() => {
    latestHandler.current = onTranscript;
  }, [onTranscript]);
  useEffect(() => () => recognition.current?.stop(), []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Ctor = speechRecognitionCtor();
    if (!Ctor) {
      window.alert(SPEECH_UNSUPPORTED_MESSAGE);
      return;
    }
    const rec = new Ctor();
    rec.lang = 'en-US';
    rec.maxAlternatives = 1;
    rec.interimResults = false;
    rec.continuous = false;
    rec.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript;
      if (transcript) latestHandler.current(transcript);
    };
    rec.onerror = (event) => console.warn('Speech recognition error:', event.error);
    rec.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = rec;
    setListening(true);
    rec.start();
  }, []);

  return { listening, toggle };
}
