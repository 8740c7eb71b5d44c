import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../toasts/toast-store';

export const SPEECH_UNSUPPORTED_MESSAGE = 'Speech recognition is not supported in your browser.';

/**
 * What to tell the user when listening fails (the Web Speech API's error codes); null where
 * nothing went wrong that they could act on ("aborted" is their own stop).
 */
export function speechErrorMessage(code: string): string | null {
  switch (code) {
    case 'not-allowed':
    case 'service-not-allowed':
      return 'Voice search needs the microphone. Allow it for this site in your browser, then try again.';
    case 'audio-capture':
      return 'No microphone was found. Connect one, then try again.';
    case 'network':
      return 'Voice search needs a connection to your browser’s speech service, which could not be reached.';
    case 'no-speech':
      return 'Nothing was heard. Press the microphone and speak your search.';
    case 'aborted':
      return null;
    default:
      return 'Voice search stopped with an error. Type your search instead.';
  }
}

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
    rec.onerror = (event) => {
      const message = speechErrorMessage(event.error);
      if (message) toast({ title: 'Voice search', description: message, variant: 'destructive' });
    };
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
