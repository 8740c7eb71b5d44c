// What typo correction leaves alone (query-corrector.ts).

/**
 * English stop words (PostgreSQL's `english` list, which the index drops): never corrected,
 * as words under four letters are not ("out of cotrol" must not become "out off control").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them ' +
    'their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing ' +
    'a an the and but if or because as until while of at by for with about against between into through during before after above below to ' +
    'from up down in out on off over under again further then once here there when where why how all any both each few more most other some ' +
    'such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/**
 * Words shorter than this are never corrected: a short word is too often a real word one
 * edit from another ("la" is not a typo of "las", nor "out" of "our").
 */
export const MIN_CORRECTABLE_LENGTH = 4;
